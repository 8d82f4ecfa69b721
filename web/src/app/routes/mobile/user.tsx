import { MobileBasicsInfo } from './user/basics-info';
import { MobileObserverLinks } from './user/observer-links';

/** UserPage names the pages of this area. */
export type UserPage = 'basicsInfo' | 'observer';

/** UserArea renders the mobile basic-info page and the observer-link manager. */
export default function UserArea({ page }: { page: UserPage }) {
  return page === 'basicsInfo' ? <MobileBasicsInfo key="basicsInfo" /> : <MobileObserverLinks key="observer" />;
}
