// Observer mode: the pool-mode pages shown read-only through an observer link. The observer
// area provides it; the pages hide every write and link only to pages the observer may open.
import { createContext, useContext } from 'react';
import { mobilePaths, paths } from '@/config/paths';

/** ReadOnlyContext is true inside observer mode. */
export const ReadOnlyContext = createContext(false);

/** useReadOnly tells a page whether it is shown through an observer link. */
export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}

type AccountPage = keyof typeof paths.account;

/** observerPage is the observer page named page in tree, or null when there is none. */
function observerPage(tree: object, page: string): string | null {
  const to = (tree as Record<string, unknown>)[page];
  return typeof to === 'string' ? to : null;
}
type MobileAccountPage = keyof typeof mobilePaths.account;

/**
 * usePoolPath gives a desktop pool page's address: the account's, or in observer mode the
 * observer page of the same name; null when an observer cannot open that page.
 */
export function usePoolPath(): (page: AccountPage) => string | null {
  const readOnly = useReadOnly();
  return (page) => (readOnly ? observerPage(paths.observerMode, page) : paths.account[page]);
}

/** useMobilePoolPath is usePoolPath for the phone's pages. */
export function useMobilePoolPath(): (page: MobileAccountPage) => string | null {
  const readOnly = useReadOnly();
  return (page) => (readOnly ? observerPage(mobilePaths.observerMode, page) : mobilePaths.account[page]);
}
