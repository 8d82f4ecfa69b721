import { ComingSoon } from '@/components/page-frame';

/** MobileSubAccountInfo is the mobile orePoolSubAccountInfo page. */
export function MobileSubAccountInfo() {
  return <ComingSoon titleKey="pages.orePoolSubAccountInfo" />;
}
