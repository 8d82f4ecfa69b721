// The explorer's calls (docs/explorer.md): public, by coin, named currencyType as in the
// SPEC's calls (the server still takes the older name coin).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BlockDetail, ExplorerCoin, Overview, PoolBlock, RankedDetail, Ranking, SearchResult, Transaction } from '../model/types';

const base = '/pc/v1/explorer';

export const explorerKeys = {
  all: ['explorer'] as const,
  coin: (coin: string) => [...explorerKeys.all, coin] as const,
};

const live = { staleTime: 30_000, refetchInterval: 60_000 };

export const explorerCoinsQuery = () =>
  queryOptions({
    queryKey: [...explorerKeys.all, 'coins'],
    queryFn: ({ signal }) => api.get<ExplorerCoin[]>('/pc/v1/currency/list', undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export const overviewQuery = (coin: string) =>
  queryOptions({
    queryKey: [...explorerKeys.coin(coin), 'overview'],
    queryFn: ({ signal }) => api.get<Overview>(`${base}/overview`, { currencyType: coin }, { signal }),
    ...live,
  });

export const poolBlocksQuery = (coin: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...explorerKeys.coin(coin), 'blocks', page, pageSize],
    queryFn: ({ signal }) =>
      api.get<{ total: number; page: number; pageSize: number; rows: PoolBlock[] }>(`${base}/blocks`, { currencyType: coin, page, pageSize }, { signal }),
    placeholderData: keepPreviousData,
    ...live,
  });

/** blockQuery reads a block by height, quietly: the page says "no such block" itself. */
export const blockQuery = (coin: string, height: number) =>
  queryOptions({
    queryKey: [...explorerKeys.coin(coin), 'block', height],
    queryFn: ({ signal }) => api.request<BlockDetail>(`${base}/block`, { query: { currencyType: coin, height }, signal, quiet: true }),
    staleTime: 30_000,
  });

export const rankingQuery = (coin: string, by: 'hashrate' | 'blocks') =>
  queryOptions({
    queryKey: [...explorerKeys.coin(coin), 'ranking', by],
    queryFn: ({ signal }) => api.get<Ranking>(`${base}/ranking`, { currencyType: coin, by }, { signal }),
    ...live,
  });

export const rankedQuery = (coin: string, id: string) =>
  queryOptions({
    queryKey: [...explorerKeys.coin(coin), 'ranked', id],
    queryFn: ({ signal }) => api.request<RankedDetail>(`${base}/ranking/detail`, { query: { currencyType: coin, id }, signal, quiet: true }),
    ...live,
  });

/**
 * transactionQuery reads a transaction the pool's payouts or the node's wallet know,
 * quietly (the page says "no such transaction" itself); while it is pending it is read
 * again now and then, so its confirmations climb on screen.
 */
export const transactionQuery = (coin: string, txid: string) =>
  queryOptions({
    queryKey: [...explorerKeys.coin(coin), 'transaction', txid],
    queryFn: ({ signal }) => api.request<Transaction>(`${base}/transaction`, { query: { currencyType: coin, txid }, signal, quiet: true }),
    staleTime: 15_000,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 30_000 : false),
  });

/** search asks what q names; quiet: the page shows the message by the search box. */
export function search(coin: string, q: string): Promise<SearchResult> {
  return api.request<SearchResult>(`${base}/search`, { query: { currencyType: coin, q }, quiet: true });
}
