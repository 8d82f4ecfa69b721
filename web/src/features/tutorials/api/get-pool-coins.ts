import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PoolCoin } from '../model/types';

/** poolCoinsKey caches the coin list the tutorials show addresses from. */
export const poolCoinsKey = ['tutorials', 'pool-coins'] as const;

/** toPoolCoin keeps the fields a tutorial reads, with safe defaults for missing ones. */
export function toPoolCoin(raw: Partial<PoolCoin> & Record<string, unknown>): PoolCoin {
  return {
    type: String(raw.type ?? ''),
    name: String(raw.name ?? raw.type ?? ''),
    algorithm: String(raw.algorithm ?? ''),
    status: raw.status === 1 ? 1 : 0,
    driver: String(raw.driver ?? ''),
    stratumUrls: Array.isArray(raw.stratumUrls) ? raw.stratumUrls.filter((u): u is string => typeof u === 'string') : [],
  };
}

/** getPoolCoins reads GET /pc/v1/currency/list: every coin with its pool addresses (public). */
export async function getPoolCoins(signal?: AbortSignal): Promise<PoolCoin[]> {
  const list = await api.get<unknown>('/pc/v1/currency/list', undefined, { signal });
  return Array.isArray(list) ? list.map((c) => toPoolCoin(c as Record<string, unknown>)).filter((c) => c.type !== '') : [];
}

/** getPoolCoinsQueryOptions: addresses change rarely; a minute is fresh enough. */
export const getPoolCoinsQueryOptions = () =>
  queryOptions({
    queryKey: poolCoinsKey,
    queryFn: ({ signal }) => getPoolCoins(signal),
    staleTime: 60_000,
  });

/** usePoolCoins gives the coins and their pool addresses. */
export function usePoolCoins() {
  return useQuery(getPoolCoinsQueryOptions());
}
