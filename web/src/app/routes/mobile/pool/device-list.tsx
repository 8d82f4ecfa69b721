import { ComingSoon } from '@/components/page-frame';

/** MobileDeviceList is the mobile orePoolAnlageuebersicht page. */
export function MobileDeviceList() {
  return <ComingSoon titleKey="pages.orePoolAnlageuebersicht" />;
}
