import { ComingSoon } from '@/components/page-frame';

/** DesktopDeviceSearch is the desktop orePoolDeviceSearch page. */
export function DesktopDeviceSearch() {
  return <ComingSoon titleKey="pages.orePoolDeviceSearch" />;
}
