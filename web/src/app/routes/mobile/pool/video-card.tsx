import { ComingSoon } from '@/components/page-frame';

/** MobileVideoCard is the mobile orePoolVideoCard page. */
export function MobileVideoCard() {
  return <ComingSoon titleKey="pages.orePoolVideoCard" />;
}
