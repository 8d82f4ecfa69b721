import { ComingSoon } from '@/components/page-frame';
import { DesktopBasicsInfo } from './user/basics-info';

/** UserPage names the pages of this area. */
export type UserPage = 'basicsInfo' | 'observer';

/** UserArea renders the desktop basic-info page; the observer-link manager comes with its own issue. */
export default function UserArea({ page }: { page: UserPage }) {
  return page === 'basicsInfo' ? <DesktopBasicsInfo key="basicsInfo" /> : <ComingSoon key="observer" titleKey="pages.observer" />;
}
