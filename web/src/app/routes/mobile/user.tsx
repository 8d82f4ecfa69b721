import { ComingSoon } from '@/components/page-frame';
import { MobileBasicsInfo } from './user/basics-info';

/** UserPage names the pages of this area. */
export type UserPage = 'basicsInfo' | 'observer';

/** UserArea renders the mobile basic-info page; the observer-link manager comes with its own issue. */
export default function UserArea({ page }: { page: UserPage }) {
  return page === 'basicsInfo' ? <MobileBasicsInfo key="basicsInfo" /> : <ComingSoon key="observer" titleKey="pages.observer" />;
}
