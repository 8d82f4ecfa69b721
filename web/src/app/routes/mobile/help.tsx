import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { ComingSoon } from '@/components/page-frame';
import { isObserverPath, mobilePaths } from '@/config/paths';
import { needsLogin, parseHelpType } from '@/features/help-center/model/params';
import { LoginGate } from '../../guards/login-gate';
import { MobileHelpCenter, UnknownSection } from './help/help-center';
import { MobileHelpDetail } from './help/help-detail';
import { MobileHelpList } from './help/help-list';

/** MobileHelpPage names the pages of this area. */
export type MobileHelpPage = 'helpcenter' | 'helplist' | 'helpdetail';

/**
 * MobileHelpArea shows the help centre, and the list and detail chosen by
 * ?type=. Notices need login (the gate warns and opens /mobile/login); the
 * observer's messages (type=infoList) come with observer mode.
 */
export default function MobileHelpArea({ page }: { page: MobileHelpPage }) {
  const [query] = useSearchParams();
  const { pathname } = useLocation();
  if (page === 'helpcenter') return <MobileHelpCenter key="helpcenter" />;

  const parsed = parseHelpType(query.get('type'));
  if (parsed.kind === 'infoList') {
    return <ComingSoon key={`${page}-infoList`} titleKey={page === 'helplist' ? 'pages.infoList' : 'pages.infoDetail'} />;
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
