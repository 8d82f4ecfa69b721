import { ComingSoon } from '@/components/page-frame';

/** DesktopSubAccountDetail is the desktop orePoolSubAccountDetail page. */
export function DesktopSubAccountDetail() {
  return <ComingSoon titleKey="pages.orePoolSubAccountDetail" />;
}
