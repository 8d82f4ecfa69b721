import { ComingSoon } from '@/components/page-frame';

/** MobileDeviceOverview is the mobile orePoolDeviceOverview page. */
export function MobileDeviceOverview() {
  return <ComingSoon titleKey="pages.orePoolDeviceOverview" />;
}
