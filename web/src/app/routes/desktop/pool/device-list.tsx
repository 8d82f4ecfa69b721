import { ComingSoon } from '@/components/page-frame';

/** DesktopDeviceList is the desktop orePoolAnlageuebersicht page. */
export function DesktopDeviceList() {
  return <ComingSoon titleKey="pages.orePoolAnlageuebersicht" />;
}
