import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { isObserverPath, mobilePaths } from '@/config/paths';
import { needsLogin, parseHelpType } from '@/features/help-center/model/params';
import { LoginGate } from '../../guards/login-gate';
import { MobileHelpCenter, UnknownSection } from './help/help-center';
import { MobileHelpDetail } from './help/help-detail';
import { MobileHelpList } from './help/help-list';
import { MobileMessageDetail } from './help/message-detail';
import { MobileMessageList } from './help/message-list';
import { MessageMarker } from '@/features/observer/components/message-marker';
import { ReadOnlyContext } from '@/lib/read-only';
import { useSession } from '@/lib/use-session';
import { observerQueries } from '../observer-queries';

/** MobileHelpPage names the pages of this area. */
export type MobileHelpPage = 'helpcenter' | 'helplist' | 'helpdetail';

/**
 * MobileHelpArea shows the help centre, and the list and detail chosen by
 * ?type=. Notices need login (the gate warns and opens /mobile/login); the
 * observer's messages (type=infoList) open under /mobile/observerMode with an observer
 * link only, in the observer pages' own query cache.
 */
export default function MobileHelpArea({ page }: { page: MobileHelpPage }) {
  const [query] = useSearchParams();
  const { pathname } = useLocation();
  if (page === 'helpcenter') return <MobileHelpCenter key="helpcenter" />;

  const parsed = parseHelpType(query.get('type'));
  if (parsed.kind === 'infoList') {
    if (!isObserverPath(pathname)) {
      const id = query.get('id');
      return <Navigate replace to={page === 'helplist' || !id ? mobilePaths.observerMode.helplist('infoList') : mobilePaths.observerMode.helpdetail('infoList', id)} />;
    }
    return <ObserverMessages key={`${page}-infoList`} page={page} />;
  }
  if (parsed.kind === 'unknown') return <UnknownSection key={`${page}-unknown`} />;

  const type = parsed.type;
  if (isObserverPath(pathname)) {
    // Observer pages send the observer's token; the help sections belong to the main tree.
    const id = query.get('id') ?? '';
    return <Navigate replace to={page === 'helplist' ? mobilePaths.help.helplist(type) : mobilePaths.help.helpdetail(type, id)} />;
  }
  const content =
    page === 'helplist' ? <MobileHelpList key={`list-${type}`} type={type} /> : <MobileHelpDetail key={`detail-${type}`} type={type} />;
  // The router gates ?type=notice too; the page does it again so that no other way in skips it.
  return needsLogin(type) ? <LoginGate>{content}</LoginGate> : content;
}

/** ObserverMessages is the messages list or one message, for an open observer link. */
function ObserverMessages({ page }: { page: 'helplist' | 'helpdetail' }) {
  const { observerToken } = useSession();
  if (!observerToken) return <Navigate replace to={mobilePaths.observerMode.observerList} />;
  return (
    <QueryClientProvider client={observerQueries}>
      <ReadOnlyContext.Provider value>
        <MessageMarker />
        {page === 'helplist' ? <MobileMessageList /> : <MobileMessageDetail />}
      </ReadOnlyContext.Provider>
    </QueryClientProvider>
  );
}
