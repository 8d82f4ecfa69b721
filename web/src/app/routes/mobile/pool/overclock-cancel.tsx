import { ComingSoon } from '@/components/page-frame';

/** MobileOverclockCancel is the mobile orePoolOverclockCancel page. */
export function MobileOverclockCancel() {
  return <ComingSoon titleKey="pages.orePoolOverclockCancel" />;
}
