import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** getHashUnits reads the units a coin's hashrate may be typed in, smallest first. */
export function getHashUnits(currencyType: string, signal?: AbortSignal): Promise<string[]> {
  return api
    .get<string[] | null>('/pc/v1/common/basic/hashUnit/list', { currencyType }, { signal })
    .then((units) => (Array.isArray(units) ? units : []));
}

/** getHashUnitsQueryOptions: units never change while the page is open. */
export const getHashUnitsQueryOptions = (currencyType: string) =>
  queryOptions({
    queryKey: ['dashboard', 'hash-units', currencyType],
    queryFn: ({ signal }) => getHashUnits(currencyType, signal),
    staleTime: Infinity,
  });

/** useHashUnits gives a coin's hashrate units. */
export function useHashUnits(currencyType: string, enabled = true) {
  return useQuery({ ...getHashUnitsQueryOptions(currencyType), enabled });
}
