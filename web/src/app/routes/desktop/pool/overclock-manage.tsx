import { ComingSoon } from '@/components/page-frame';

/** DesktopOverclockManage is the desktop orePoolOverclockManage page. */
export function DesktopOverclockManage() {
  return <ComingSoon titleKey="pages.orePoolOverclockManage" />;
}
