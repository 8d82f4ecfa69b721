import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, codes } from '@/lib/api-client';
import { clearSession } from '@/lib/storage';
import type { SubAccount } from '../model/types';

/** subAccountsKey caches the logged-in user's sub-accounts for the tutorials. */
export const subAccountsKey = ['tutorials', 'sub-accounts'] as const;

/**
 * getSubAccounts reads GET /pc/v1/pool/subaccount/list. It is silent: a reader of a
 * tutorial whose session ended is not sent to the login page; the session is cleared
 * and the page shows where to log in instead.
 */
export async function getSubAccounts(signal?: AbortSignal): Promise<SubAccount[]> {
  try {
    const list = await api.get<SubAccount[] | null>('/pc/v1/pool/subaccount/list', undefined, { signal, silent: true });
    return Array.isArray(list) ? list : [];
  } catch (err) {
    if (err instanceof ApiError && err.code === codes.loginRequired) clearSession();
    throw err;
  }
}

/** getSubAccountsQueryOptions: the list, only while logged in. */
export const getSubAccountsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: subAccountsKey,
    queryFn: ({ signal }) => getSubAccounts(signal),
    enabled,
    retry: false,
  });

/** useSubAccounts gives the logged-in user's sub-accounts. */
export function useSubAccounts(enabled: boolean) {
  return useQuery(getSubAccountsQueryOptions(enabled));
}
