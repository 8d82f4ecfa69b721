import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CoinRow, LegalTender } from '../model/types';

/** getDashboardList reads the pool coin table (GET /pc/v1/dashboard/list) in one fiat. */
export function getDashboardList(legalTender: LegalTender, signal?: AbortSignal): Promise<CoinRow[]> {
  return api
    .get<CoinRow[] | null>('/pc/v1/dashboard/list', { legalTender }, { signal })
    .then((rows) => (Array.isArray(rows) ? rows : []));
}

/** getDashboardListQueryOptions: refreshed every minute, like the pool statistics behind it. */
export const getDashboardListQueryOptions = (legalTender: LegalTender) =>
  queryOptions({
    queryKey: ['dashboard', 'list', legalTender],
    queryFn: ({ signal }) => getDashboardList(legalTender, signal),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/** useDashboardList gives the coin rows in the chosen fiat. */
export function useDashboardList(legalTender: LegalTender) {
  return useQuery(getDashboardListQueryOptions(legalTender));
}
