import { ComingSoon } from '@/components/page-frame';

/** DesktopMachineDetail is the desktop orePoolMachineDetail page. */
export function DesktopMachineDetail() {
  return <ComingSoon titleKey="pages.orePoolMachineDetail" />;
}
