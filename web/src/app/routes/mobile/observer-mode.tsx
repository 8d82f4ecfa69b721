// /mobile/observerMode: where an observer link lands on a phone, and the pool-mode pages it
// shares, read-only (the menu's observer section leads to them by the link's flags). The
// observer pages keep their own query cache, so an owner's reads and a link's never mix.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { MessageMarker } from '@/features/observer/components/message-marker';
import { ReadOnlyContext } from '@/lib/read-only';
import { useSession } from '@/lib/use-session';
import { observerQueries } from '../observer-queries';
import { observerModeTitles } from '../shared-titles';
import { MobileAccountShell } from './pool/account-shell';
import { MobileDeviceList } from './pool/device-list';
import { MobileDeviceOverview } from './pool/device-overview';
import { MobileDeviceSubaccount } from './pool/device-subaccount';
import { MobileRevenueChain, MobileRevenueSummary } from './pool/revenue';
import { MobileObserverEntry } from './user/observer-entry';

const { infoList: _infoList, infoDetail: _infoDetail, ...titles } = observerModeTitles;
/** MobileObserverModePage names the pages of this area (messages live under help/). */
export type MobileObserverModePage = keyof typeof titles;

const shared: Record<Exclude<MobileObserverModePage, 'observerList'>, ComponentType> = {
  orePoolDeviceOverview: MobileDeviceOverview,
  orePoolAnlageuebersicht: MobileDeviceList,
  orePoolDeviceSubaccount: MobileDeviceSubaccount,
  orePoolRevenueSummary: MobileRevenueSummary,
  orePoolRevenueChain: MobileRevenueChain,
};

/** MobileObserverModeArea renders the observer list and the shared pages, read-only. */
export default function MobileObserverModeArea({ page }: { page: MobileObserverModePage }) {
  const { observerToken } = useSession();
  // Without a link there is nothing to show but the observer list, which says so.
  if (page !== 'observerList' && !observerToken) return <Navigate to={mobilePaths.observerMode.observerList} replace />;
  const Page = page === 'observerList' ? null : shared[page];
  return (
    <QueryClientProvider client={observerQueries}>
      <ReadOnlyContext.Provider value>
        {observerToken ? <MessageMarker /> : null}
        {Page ? (
          <MobileAccountShell>
            <Page key={page} />
          </MobileAccountShell>
        ) : (
          <MobileObserverEntry key={page} />
        )}
      </ReadOnlyContext.Provider>
    </QueryClientProvider>
  );
}

/** MessageMarker keeps the menu's unread count fresh while an observer page is open. */
