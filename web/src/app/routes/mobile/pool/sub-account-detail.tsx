import { ComingSoon } from '@/components/page-frame';

/** MobileSubAccountDetail is the mobile orePoolSubAccountDetail page. */
export function MobileSubAccountDetail() {
  return <ComingSoon titleKey="pages.orePoolSubAccountDetail" />;
}
