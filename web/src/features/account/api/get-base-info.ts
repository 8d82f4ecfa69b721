import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getToken, setUserInfo } from '@/lib/storage';
import type { BaseInfo } from '../model/types';

/** baseInfoKey is the cache key of the logged-in user; every account change invalidates it. */
export const baseInfoKey = ['account', 'base-info'] as const;

/** getBaseInfo reads the logged-in user and refreshes the stored copy the menus show. */
export async function getBaseInfo(signal?: AbortSignal): Promise<BaseInfo> {
  const user = await api.get<BaseInfo>('/pc/v1/customer/baseInfo', undefined, { signal });
  // A logout racing this call must not bring the user back.
  if (getToken()) setUserInfo(user);
  return user;
}

/** getBaseInfoQueryOptions: the user, fresh each time the page opens. */
export const getBaseInfoQueryOptions = () =>
  queryOptions({
    queryKey: baseInfoKey,
    queryFn: ({ signal }) => getBaseInfo(signal),
    staleTime: 0,
  });

/** useBaseInfo gives the logged-in user. */
export function useBaseInfo() {
  return useQuery(getBaseInfoQueryOptions());
}
