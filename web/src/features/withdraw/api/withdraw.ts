// The address book, settings and withdrawal calls (docs/withdrawals.md, OpenAPI tag
// withdraw). Mutations are quiet: the forms show a refusal beside the field it is about.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { AddressEntry, SettingList, VerifyType, WithdrawInfo, Withdrawal, WithdrawalPage } from '../model/types';

/** withdrawKeys: everything under all belongs to the logged-in user. */
export const withdrawKeys = {
  all: ['withdraw'] as const,
  addresses: (coin: string) => [...withdrawKeys.all, 'addresses', coin] as const,
  settings: (sub: string) => [...withdrawKeys.all, 'settings', sub] as const,
  info: (sub: string, coin: string) => [...withdrawKeys.all, 'info', sub, coin] as const,
  history: (sub: string, coin: string, page: number, size: number) => [...withdrawKeys.all, 'history', sub, coin, page, size] as const,
};

/** Verification is the second verification a money call carries. */
export interface Verification {
  verifyType?: VerifyType;
  code?: string;
  /** totpCode is the authenticator app's code (or a recovery code) when two-factor sign-in is on. */
  totpCode?: string;
}

export function useAddressBook(coin = '') {
  return useQuery({
    queryKey: withdrawKeys.addresses(coin),
    queryFn: ({ signal }) => api.get<AddressEntry[]>('/pc/v1/customer/address/list', { currencyType: coin || undefined }, { signal }),
    staleTime: 30_000,
  });
}

export interface AddressInput extends Verification {
  id?: number;
  currencyType: string;
  address: string;
  network: string;
  description: string;
}

/** useInvalidateWithdraw refetches every withdrawal read after a change. */
function useInvalidateWithdraw() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: withdrawKeys.all });
}

export function useSaveAddress() {
  const invalidate = useInvalidateWithdraw();
  return useMutation({
    mutationFn: (body: AddressInput) => api.send<AddressEntry>('/pc/v1/customer/address/save', { method: 'POST', body, quiet: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateWithdraw();
  return useMutation({
    mutationFn: (body: { id: number } & Verification) => api.send<null>('/pc/v1/customer/address/delete', { method: 'POST', body, quiet: true }),
    onSuccess: invalidate,
  });
}

export function useWithdrawSettings(sub: string) {
  return useQuery({
    queryKey: withdrawKeys.settings(sub),
    queryFn: ({ signal }) => api.get<SettingList>('/pc/v1/customer/withdraw/setting/list', { subAccount: sub }, { signal }),
    enabled: sub !== '',
    staleTime: 30_000,
  });
}

/** SettingInput turns an auto-withdrawal on or changes it (with the second verification), or turns it off. */
export interface SettingInput extends Verification {
  subAccount: string;
  currencyType: string;
  autoEnabled: boolean;
  amount: string;
  addressId: number;
}

export function useSaveSetting() {
  const invalidate = useInvalidateWithdraw();
  return useMutation({
    mutationFn: (body: SettingInput) => api.send<null>('/pc/v1/customer/withdraw/setting', { method: 'POST', body, quiet: true }),
    onSuccess: invalidate,
  });
}

export function useCloseSetting() {
  const invalidate = useInvalidateWithdraw();
  return useMutation({
    mutationFn: (q: { subAccount: string; currencyType: string }) => api.send<null>('/pc/v1/customer/withdraw/setting/closed', { query: { ...q }, quiet: true }),
    onSuccess: invalidate,
  });
}

export function useWithdrawInfo(sub: string, coin: string) {
  return useQuery({
    queryKey: withdrawKeys.info(sub, coin),
    queryFn: ({ signal }) => api.get<WithdrawInfo>('/pc/v1/customer/withdraw/info', { subAccount: sub, currencyType: coin }, { signal }),
    enabled: sub !== '' && coin !== '',
    staleTime: 0,
  });
}

export interface ApplyInput extends Verification {
  subAccount: string;
  currencyType: string;
  amount: string;
  addressId: number;
  network: string;
  remark: string;
  requestId: string;
}

export function useApplyWithdrawal() {
  const invalidate = useInvalidateWithdraw();
  return useMutation({
    mutationFn: (body: ApplyInput): Promise<Answer<Withdrawal>> => api.send<Withdrawal>('/pc/v1/customer/withdraw/apply', { method: 'POST', body, quiet: true }),
    onSuccess: invalidate,
  });
}

/** useWithdrawals pages the history; it refreshes every 15 s while a withdrawal is processing. */
/** useWithdrawals reads a page of the history; enabled false waits (while the sub-account is not known yet). */
export function useWithdrawals(sub: string, coin: string, page: number, size: number, enabled = true) {
  return useQuery({
    queryKey: withdrawKeys.history(sub, coin, page, size),
    enabled,
    queryFn: ({ signal }) =>
      api.get<WithdrawalPage>('/pc/v1/customer/withdraw/list', { subAccount: sub || undefined, currencyType: coin || undefined, page, pageSize: size }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((w) => w.status === 'processing') ? 15_000 : false),
  });
}
