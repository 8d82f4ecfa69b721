import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { poolKeys } from '../../api/keys';
import type { Counts, CreatedSubAccount, SubAccountDetail, Uniplus } from '../model/types';

export type { Counts, CreatedSubAccount, SubAccountDetail, Uniplus };

/** getUniplus reads the connection details of a sub-account and its Uniplus ID's prefix (GET /pc/v1/pool/subaccount/uniplus; the ID itself is null). */
export function getUniplus(code: string, signal?: AbortSignal): Promise<Uniplus> {
  return api.get<Uniplus>('/pc/v1/pool/subaccount/uniplus', { code }, { signal });
}

/** useUniplus gives a sub-account's connection details; it waits while code is empty. */
export function useUniplus(code: string) {
  return useQuery({ queryKey: [...poolKeys.subAccount(code), 'uniplus'], queryFn: ({ signal }) => getUniplus(code, signal), enabled: code !== '' });
}

/** useSubAccountDetail gives a sub-account's figures (GET /pc/v1/pool/subaccount/detail). */
export function useSubAccountDetail(code: string) {
  return useQuery({
    queryKey: [...poolKeys.subAccount(code), 'detail'],
    queryFn: ({ signal }) => api.get<SubAccountDetail>('/pc/v1/pool/subaccount/detail', { code }, { signal, quiet: true }),
    enabled: code !== '',
    staleTime: 15_000,
  });
}

/**
 * useSubAccountActions gives the calls that change sub-accounts; each refreshes the
 * list. They are quiet: the page shows a refusal beside the form or in a dialog.
 */
export function useSubAccountActions() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: poolKeys.subAccounts() });
  const post = <T,>(path: string) => (body: unknown) => api.post<T>(path, body, { quiet: true });
  return {
    create: useMutation({ mutationFn: post<CreatedSubAccount>('/pc/v1/pool/subaccount/create'), onSuccess: done }),
    rename: useMutation({ mutationFn: post<unknown>('/pc/v1/pool/subaccount/rename'), onSuccess: done }),
    changeCoin: useMutation({ mutationFn: post<unknown>('/pc/v1/pool/subaccount/coin'), onSuccess: done }),
    remove: useMutation({ mutationFn: post<unknown>('/pc/v1/pool/subaccount/delete'), onSuccess: done }),
    regenerate: useMutation({ mutationFn: post<Uniplus>('/pc/v1/pool/subaccount/uniplus/regenerate'), onSuccess: done }),
  };
}
