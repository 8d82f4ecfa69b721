import { DesktopBasicsInfo } from './user/basics-info';
import { DesktopObserverLinks } from './user/observer-links';

/** UserPage names the pages of this area. */
export type UserPage = 'basicsInfo' | 'observer';

/** UserArea renders the desktop basic-info page and the observer-link manager. */
export default function UserArea({ page }: { page: UserPage }) {
  return page === 'basicsInfo' ? <DesktopBasicsInfo key="basicsInfo" /> : <DesktopObserverLinks key="observer" />;
}
