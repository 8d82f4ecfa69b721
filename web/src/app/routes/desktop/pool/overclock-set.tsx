import { ComingSoon } from '@/components/page-frame';

/** DesktopOverclockSet is the desktop orePoolOverclockSet page. */
export function DesktopOverclockSet() {
  return <ComingSoon titleKey="pages.orePoolOverclockSet" />;
}
