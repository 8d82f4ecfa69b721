import { ComingSoon } from '@/components/page-frame';

/** MobileDeviceSearch is the mobile orePoolDeviceSearch page. */
export function MobileDeviceSearch() {
  return <ComingSoon titleKey="pages.orePoolDeviceSearch" />;
}
