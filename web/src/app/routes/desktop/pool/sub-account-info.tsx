import { ComingSoon } from '@/components/page-frame';

/** DesktopSubAccountInfo is the desktop orePoolSubAccountInfo page. */
export function DesktopSubAccountInfo() {
  return <ComingSoon titleKey="pages.orePoolSubAccountInfo" />;
}
