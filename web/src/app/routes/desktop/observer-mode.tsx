// /observerMode on the desktop: where an observer link lands, and the pool-mode pages it
// shares, read-only. The observer pages keep their own query cache, so an owner's reads and
// a link's never mix in one browser.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ReadOnlyContext } from '@/lib/read-only';
import { useSession } from '@/lib/use-session';
import { observerQueries } from '../observer-queries';
import { observerModeTitles } from '../shared-titles';
import { DesktopAccountShell } from './pool/account-shell';
import { DesktopDeviceList } from './pool/device-list';
import { DesktopDeviceOverview } from './pool/device-overview';
import { DesktopDeviceSubaccount } from './pool/device-subaccount';
import { DesktopRevenueChain, DesktopRevenueSummary } from './pool/revenue';
import { DesktopObserverEntry } from './user/observer-entry';
import { DesktopMessageDetail, DesktopMessageList } from './user/observer-messages';

/** ObserverModePage names the pages of this area. */
export type ObserverModePage = keyof typeof observerModeTitles;

const shared: Partial<Record<ObserverModePage, ComponentType>> = {
  orePoolDeviceOverview: DesktopDeviceOverview,
  orePoolAnlageuebersicht: DesktopDeviceList,
  orePoolDeviceSubaccount: DesktopDeviceSubaccount,
  orePoolRevenueSummary: DesktopRevenueSummary,
  orePoolRevenueChain: DesktopRevenueChain,
};
// The messages need no sub-account or coin switcher.
const messagePages: Partial<Record<ObserverModePage, ComponentType>> = {
  infoList: DesktopMessageList,
  infoDetail: DesktopMessageDetail,
};

/** ObserverModeArea renders the observer list and the shared pages inside the read-only shell. */
export default function ObserverModeArea({ page }: { page: ObserverModePage }) {
  const Page = shared[page];
  const Messages = messagePages[page];
  const { observerToken } = useSession();
  // Without a link there is nothing to show but the observer list, which says so.
  if (page !== 'observerList' && !observerToken) return <Navigate to={paths.observerMode.observerList} replace />;
  return (
    <QueryClientProvider client={observerQueries}>
      <ReadOnlyContext.Provider value>
        {page === 'observerList' ? (
          <DesktopObserverEntry key={page} />
        ) : Page ? (
          <DesktopAccountShell>
            <Page key={page} />
          </DesktopAccountShell>
        ) : Messages ? (
          <DesktopAccountShell switchers={false}>
            <Messages key={page} />
          </DesktopAccountShell>
        ) : null}
      </ReadOnlyContext.Provider>
    </QueryClientProvider>
  );
}
