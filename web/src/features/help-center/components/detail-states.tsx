// The states of an article's or a message's page, once for the help centre and the
// observer's messages on both sites: loading, not there (a bad id or one the server does not
// know), failed, then the entry. The layout gives each state's widgets.
import type { ReactNode } from 'react';

/** DetailQuery is what DetailStates reads of an entry's query. */
export interface DetailQuery<D> {
  data?: D | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** DetailSource is what a page's hook knows of its entry: the texts, the id, the query and what "gone" is. */
export interface DetailSource<D> {
  ready: boolean;
  /** id is the entry's id from the address; null when it is not a valid one. */
  id: unknown;
  query: DetailQuery<D>;
  /** gone tells the server's "no such entry" from a failure worth a retry. */
  gone: (error: unknown) => boolean;
}

/** DetailStates shows loading until the texts and the entry are in, notFound for a bad or unknown id, failed for another error, else children(entry). */
export function DetailStates<D>({
  source: { ready, id, query, gone },
  loading,
  notFound,
  failed,
  children,
}: {
  /** source is the page hook's DetailSource (useHelpArticle's, useMessageDetailPage's). */
  source: DetailSource<D>;
  loading: ReactNode;
  notFound: ReactNode;
  failed: ReactNode;
  children: (entry: D) => ReactNode;
}) {
  if (!ready || (id !== null && query.isPending)) return <>{loading}</>;
  if (id === null || (query.isError && gone(query.error))) return <>{notFound}</>;
  if (query.isError || query.data === undefined) return <>{failed}</>;
  return <>{children(query.data)}</>;
}

/** showsEntry says the entry itself is on the page (its title is then the page's heading). */
export function showsEntry({ ready, id, query }: DetailSource<unknown>): boolean {
  return ready && id !== null && query.data !== undefined && !query.isError;
}
