import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ChainType } from '../model/types';
import { poolKeys } from './keys';

/** getChainTypes reads every coin with its capability flags (GET /pc/v1/currency/list). */
export function getChainTypes(signal?: AbortSignal): Promise<ChainType[]> {
  return api.get<ChainType[]>('/pc/v1/currency/list', undefined, { signal });
}

export const chainTypesQueryOptions = () =>
  queryOptions({ queryKey: poolKeys.chainTypes(), queryFn: ({ signal }) => getChainTypes(signal), staleTime: 5 * 60_000 });

/** useChainTypes gives the coins in the pool's order. */
export function useChainTypes() {
  return useQuery(chainTypesQueryOptions());
}
