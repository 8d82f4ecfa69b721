import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, codes } from '@/lib/api-client';
import { clearSession } from '@/lib/storage';
import type { UniplusInfo } from '../model/types';

/** uniplusKey caches one sub-account's Uniplus ID. */
export const uniplusKey = (code: string) => ['tutorials', 'uniplus', code] as const;

/** getUniplus reads GET /pc/v1/pool/subaccount/uniplus: the ID, pool address and worker template of a sub-account. */
export async function getUniplus(code: string, signal?: AbortSignal): Promise<UniplusInfo> {
  try {
    return await api.get<UniplusInfo>('/pc/v1/pool/subaccount/uniplus', { code }, { signal, silent: true });
  } catch (err) {
    if (err instanceof ApiError && err.code === codes.loginRequired) clearSession();
    throw err;
  }
}

/** getUniplusQueryOptions: one sub-account's ID, when a sub-account is chosen. */
export const getUniplusQueryOptions = (code: string | null) =>
  queryOptions({
    queryKey: uniplusKey(code ?? ''),
    queryFn: ({ signal }) => getUniplus(code ?? '', signal),
    enabled: !!code,
    retry: false,
  });

/** useUniplus gives the chosen sub-account's Uniplus ID. */
export function useUniplus(code: string | null) {
  return useQuery(getUniplusQueryOptions(code));
}
