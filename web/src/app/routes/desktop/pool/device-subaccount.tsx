import { ComingSoon } from '@/components/page-frame';

/** DesktopDeviceSubaccount is the desktop orePoolDeviceSubaccount page. */
export function DesktopDeviceSubaccount() {
  return <ComingSoon titleKey="pages.orePoolDeviceSubaccount" />;
}
