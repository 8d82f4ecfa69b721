import { ComingSoon } from '@/components/page-frame';

/** MobileMachineDetail is the mobile orePoolMachineDetail page. */
export function MobileMachineDetail() {
  return <ComingSoon titleKey="pages.orePoolMachineDetail" />;
}
