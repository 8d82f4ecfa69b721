import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { trendBounds } from '../model/trend-range';
import type { TrendPoint, TrendRange } from '../model/types';

/** getTrend reads a coin's price and pool hashrate points over a range (the browser's days). */
export function getTrend(currencyType: string, range: TrendRange, signal?: AbortSignal): Promise<TrendPoint[]> {
  return api
    .get<TrendPoint[] | null>('/pc/v1/dashboard/currency/base/static/trend', { currencyType, ...trendBounds(range) }, { signal })
    .then((points) => (Array.isArray(points) ? points : []));
}

/** getTrendQueryOptions caches a coin's range for ten minutes (points are hourly). */
export const getTrendQueryOptions = (currencyType: string, range: TrendRange) =>
  queryOptions({
    queryKey: ['dashboard', 'trend', currencyType, range],
    queryFn: ({ signal }) => getTrend(currencyType, range, signal),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });

/** useTrend gives a coin's trend points. */
export function useTrend(currencyType: string, range: TrendRange, enabled = true) {
  return useQuery({ ...getTrendQueryOptions(currencyType, range), enabled });
}
