import { ComingSoon } from '@/components/page-frame';

/** DesktopDeviceOverview is the desktop orePoolDeviceOverview page. */
export function DesktopDeviceOverview() {
  return <ComingSoon titleKey="pages.orePoolDeviceOverview" />;
}
