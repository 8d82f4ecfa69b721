import { ComingSoon } from '@/components/page-frame';

/** MobileOverclockSet is the mobile orePoolOverclockSet page. */
export function MobileOverclockSet() {
  return <ComingSoon titleKey="pages.orePoolOverclockSet" />;
}
