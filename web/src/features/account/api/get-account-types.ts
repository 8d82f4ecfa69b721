import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AccountType } from '../model/types';

/** getAccountTypes reads the account types, named in the request's language. */
export function getAccountTypes(signal?: AbortSignal): Promise<AccountType[]> {
  return api
    .get<AccountType[] | null>('/pc/v1/common/basic/account/type/list', undefined, { signal })
    .then((list) => (Array.isArray(list) ? list : []));
}

/** getAccountTypesQueryOptions caches the list per language for the visit. */
export const getAccountTypesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: ['account', 'types', lang],
    queryFn: ({ signal }) => getAccountTypes(signal),
    staleTime: Infinity,
  });

/** useAccountTypes gives the account types. */
export function useAccountTypes(lang: string, enabled = true) {
  return useQuery({ ...getAccountTypesQueryOptions(lang), enabled });
}
