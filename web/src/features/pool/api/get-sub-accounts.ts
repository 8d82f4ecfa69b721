import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SubAccount } from '../model/types';
import { poolKeys } from './keys';

/** getSubAccounts lists the user's sub-accounts with their figures (GET /pc/v1/pool/subaccount/list). */
export function getSubAccounts(signal?: AbortSignal): Promise<SubAccount[]> {
  return api.get<SubAccount[]>('/pc/v1/pool/subaccount/list', undefined, { signal });
}

export const subAccountsQueryOptions = () =>
  queryOptions({ queryKey: poolKeys.subAccounts(), queryFn: ({ signal }) => getSubAccounts(signal), staleTime: 30_000 });

/** useSubAccounts gives the user's sub-accounts, oldest first. */
export function useSubAccounts() {
  return useQuery(subAccountsQueryOptions());
}
