import { ComingSoon } from '@/components/page-frame';

/** MobileDeviceSubaccount is the mobile orePoolDeviceSubaccount page. */
export function MobileDeviceSubaccount() {
  return <ComingSoon titleKey="pages.orePoolDeviceSubaccount" />;
}
