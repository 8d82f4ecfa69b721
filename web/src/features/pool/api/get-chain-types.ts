import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useReadOnly } from '@/lib/read-only';
import { useSession } from '@/lib/use-session';
import type { ChainType } from '../model/types';
import { poolKeys } from './keys';

/** getChainTypes reads every coin with its capability flags in the pool's order (GET /pc/v1/currency/list). */
export function getChainTypes(signal?: AbortSignal): Promise<ChainType[]> {
  return api.get<ChainType[]>('/pc/v1/currency/list', undefined, { signal });
}

/**
 * getOwnChainTypes reads the same coins in the logged-in user's own order, the pool's
 * when they saved none (GET /pc/v1/common/basic/showCurrencyList).
 */
export function getOwnChainTypes(signal?: AbortSignal): Promise<ChainType[]> {
  return api.get<ChainType[]>('/pc/v1/common/basic/showCurrencyList', undefined, { signal });
}

/** chainTypesQueryOptions reads the coins in the user's own order (own) or the pool's. */
export const chainTypesQueryOptions = (own: boolean) =>
  queryOptions({
    queryKey: [...poolKeys.chainTypes(), own ? 'own' : 'pool'],
    queryFn: ({ signal }) => (own ? getOwnChainTypes(signal) : getChainTypes(signal)),
    staleTime: 5 * 60_000,
  });

/**
 * useOwnOrder says whether the coins come in the user's own order: a logged-in owner,
 * not an observer link (whose token is no session, and whose pages show the pool's order).
 */
export function useOwnOrder(): boolean {
  const readOnly = useReadOnly();
  const { token } = useSession();
  return !readOnly && token !== null;
}

/** useChainTypes gives the coins in the logged-in owner's own order, else in the pool's. */
export function useChainTypes() {
  return useQuery(chainTypesQueryOptions(useOwnOrder()));
}
