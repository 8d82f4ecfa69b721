import { ComingSoon } from '@/components/page-frame';

/** MobileOverclockManage is the mobile orePoolOverclockManage page. */
export function MobileOverclockManage() {
  return <ComingSoon titleKey="pages.orePoolOverclockManage" />;
}
