import { ComingSoon } from '@/components/page-frame';

/** DesktopOverclockCancel is the desktop orePoolOverclockCancel page. */
export function DesktopOverclockCancel() {
  return <ComingSoon titleKey="pages.orePoolOverclockCancel" />;
}
