// Observer mode: the pool-mode pages shown read-only through an observer link. The observer
// area provides it; the pages hide every write and link only to pages the observer may open.
import { createContext, useContext } from 'react';
import { mobilePaths, paths } from '@/config/paths';
import type { ObserverInfo } from './storage';
import { useSession } from './use-session';

/** ReadOnlyContext is true inside observer mode. */
export const ReadOnlyContext = createContext(false);

/** useReadOnly tells a page whether it is shown through an observer link. */
export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}

type AccountPage = keyof typeof paths.account;

/** The observer pages each of a link's flags opens (SPEC section 6). */
const machinePages = new Set(['orePoolDeviceOverview', 'orePoolAnlageuebersicht', 'orePoolDeviceSubaccount']);
const incomePages = new Set(['orePoolRevenueSummary', 'orePoolRevenueChain']);

/** observerMayOpen tells whether a link with info's flags opens the pool page named page. */
export function observerMayOpen(page: string, info: ObserverInfo): boolean {
  return (info.machineInfoEnabled === true && machinePages.has(page)) || (info.incomeInfoEnabled === true && incomePages.has(page));
}

/** observerPage is the observer page named page in tree, or null when there is none. */
function observerPage(tree: object, page: string): string | null {
  const to = (tree as Record<string, unknown>)[page];
  return typeof to === 'string' ? to : null;
}
type MobileAccountPage = keyof typeof mobilePaths.account;

/**
 * usePoolPath gives a desktop pool page's address: the account's, or in observer mode the
 * observer page of the same name; null when the observer's link does not open that page
 * (there is none, or the link does not share what it shows).
 */
export function usePoolPath(): (page: AccountPage) => string | null {
  const readOnly = useReadOnly();
  const { observerInfo } = useSession();
  return (page) => (!readOnly ? paths.account[page] : observerMayOpen(page, observerInfo) ? observerPage(paths.observerMode, page) : null);
}

/** useMobilePoolPath is usePoolPath for the phone's pages. */
export function useMobilePoolPath(): (page: MobileAccountPage) => string | null {
  const readOnly = useReadOnly();
  const { observerInfo } = useSession();
  return (page) => (!readOnly ? mobilePaths.account[page] : observerMayOpen(page, observerInfo) ? observerPage(mobilePaths.observerMode, page) : null);
}
