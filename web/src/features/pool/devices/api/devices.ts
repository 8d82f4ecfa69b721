import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { poolKeys } from '../../api/keys';
import type { Page } from '../../model/types';
import type { ListParams } from '../model/list-params';
import type { DeviceRow, Overview } from '../model/types';

/** useOverview gives the device overview of a coin, for the account or one sub-account. */
export function useOverview(coin: string, subAccount: string) {
  return useQuery({
    queryKey: [...poolKeys.devices(), 'overview', coin, subAccount],
    queryFn: ({ signal }) => api.get<Overview>('/pc/v1/pool/device/overview', { coin, subAccount: subAccount || undefined }, { signal }),
    enabled: coin !== '',
    staleTime: 15_000,
  });
}

/** DeviceQuery is what the list asks for: the filters, and whose devices on which coin. */
export interface DeviceQuery extends ListParams {
  coin: string;
  subAccount: string;
}

/** useDeviceList gives one page of devices, keeping the last page on screen while the next loads. */
export function useDeviceList(q: DeviceQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...poolKeys.devices(), 'list', q],
    queryFn: ({ signal }) =>
      api.get<Page<DeviceRow>>(
        '/pc/v1/pool/device/list',
        {
          coin: q.coin || undefined,
          subAccount: q.subAccount || undefined,
          status: q.status || undefined,
          bound: q.bound || undefined,
          keyword: q.keyword || undefined,
          sort: q.sort,
          order: q.order,
          page: q.page,
          pageSize: q.pageSize,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** RemovedDevice is POST /pc/v1/pool/device/remove's answer. */
export interface RemovedDevice {
  id: number;
  code: string;
}

/**
 * useDeviceRemovals removes offline devices, one (remove) or all of a sub-account and coin
 * (removeOffline; empty for all). Either way the device lists, overviews and the
 * sub-accounts' device counts are read again, also after a refusal (a device refused as
 * online shows its new status).
 */
export function useDeviceRemovals() {
  const qc = useQueryClient();
  const settled = () =>
    Promise.all([qc.invalidateQueries({ queryKey: poolKeys.devices() }), qc.invalidateQueries({ queryKey: poolKeys.subAccounts() })]);
  return {
    remove: useMutation({
      // quiet: a refusal shows in the confirmation, not also as a toast.
      mutationFn: (v: { id: number }) => api.post<RemovedDevice>('/pc/v1/pool/device/remove', v, { quiet: true }),
      onSettled: settled,
    }),
    removeOffline: useMutation({
      mutationFn: (v: { subAccount: string; coin: string }) =>
        api.post<{ removed: number }>('/pc/v1/pool/device/removeOffline', v, { quiet: true }),
      onSettled: settled,
    }),
  };
}

/** useDeviceActions binds, unbinds and names devices; refusals come back as errors for a message. */
export function useDeviceActions() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: poolKeys.devices() });
  return {
    bind: useMutation({
      mutationFn: (v: { id: number; bound: boolean }) => api.post<{ id: number; bound: boolean }>('/pc/v1/pool/device/bind', v),
      onSuccess: done,
    }),
    alias: useMutation({
      mutationFn: (v: { id: number; alias: string }) => api.post<unknown>('/pc/v1/pool/device/alias', v),
      onSuccess: done,
    }),
  };
}
