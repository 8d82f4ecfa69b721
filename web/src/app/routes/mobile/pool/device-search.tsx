import { MobileDeviceList } from './device-list';

/** MobileDeviceSearch searches devices across every sub-account and coin. */
export function MobileDeviceSearch() {
  return <MobileDeviceList search />;
}
