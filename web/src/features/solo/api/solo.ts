// The solo calls (docs/solo.md): public, by coin and address.
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SoloCoin, SoloPoint, SoloSharePage, SoloSummary, SoloTarget, SoloWorker } from '../model/types';

const base = '/pc/v1/solo';

/** soloKeys are the cache keys of the solo pages, per coin and address. */
export const soloKeys = {
  all: ['solo'] as const,
  coins: () => [...soloKeys.all, 'coins'] as const,
  target: (t: SoloTarget) => [...soloKeys.all, t.coin, t.address] as const,
};

const q = (t: SoloTarget) => ({ coin: t.coin, address: t.address });

export function getSoloCoins(signal?: AbortSignal): Promise<SoloCoin[]> {
  return api.get<SoloCoin[]>('/pc/v1/currency/list', undefined, { signal });
}

/** searchSolo asks whether the address mines here; quiet: the page shows the message by the field. */
export function searchSolo(t: SoloTarget): Promise<SoloTarget> {
  return api.request<SoloTarget>(`${base}/search`, { query: q(t), quiet: true });
}

export const soloCoinsQuery = () =>
  queryOptions({ queryKey: soloKeys.coins(), queryFn: ({ signal }) => getSoloCoins(signal), staleTime: 5 * 60_000 });

// The solo pages follow a miner at work: every minute, as the pool pages do.
const live = { staleTime: 30_000, refetchInterval: 60_000 };

export const soloSummaryQuery = (t: SoloTarget) =>
  queryOptions({
    queryKey: [...soloKeys.target(t), 'summary'],
    queryFn: ({ signal }) => api.request<SoloSummary>(`${base}/summary`, { query: q(t), signal, quiet: true }),
    ...live,
  });

export const soloHistoryQuery = (t: SoloTarget) =>
  queryOptions({
    queryKey: [...soloKeys.target(t), 'history'],
    queryFn: ({ signal }) => api.get<SoloPoint[]>(`${base}/hashrate`, q(t), { signal }),
    ...live,
  });

export const soloWorkersQuery = (t: SoloTarget) =>
  queryOptions({
    queryKey: [...soloKeys.target(t), 'workers'],
    queryFn: ({ signal }) => api.get<SoloWorker[]>(`${base}/workers`, q(t), { signal }),
    ...live,
  });

export const soloSharesQuery = (t: SoloTarget, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...soloKeys.target(t), 'shares', page, pageSize],
    queryFn: ({ signal }) => api.get<SoloSharePage>(`${base}/shares`, { ...q(t), page, pageSize }, { signal }),
    placeholderData: keepPreviousData,
    ...live,
  });

export const soloSharesFeedQuery = (t: SoloTarget, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: [...soloKeys.target(t), 'shares-feed', pageSize],
    queryFn: ({ pageParam, signal }) => api.get<SoloSharePage>(`${base}/shares`, { ...q(t), page: pageParam, pageSize }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: SoloSharePage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 30_000,
  });
