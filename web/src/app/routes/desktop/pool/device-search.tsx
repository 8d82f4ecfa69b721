import { DesktopDeviceList } from './device-list';

/** DesktopDeviceSearch searches devices across every sub-account and coin. */
export function DesktopDeviceSearch() {
  return <DesktopDeviceList search />;
}
