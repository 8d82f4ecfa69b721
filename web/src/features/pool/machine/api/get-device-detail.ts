import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { poolKeys } from '../../api/keys';
import type { DeviceDetail } from '../model/types';

/**
 * getDeviceDetail reads every field of one device (GET /pc/v1/pool/device/detail). It is
 * quiet: a refusal (no such device, a coin without machineDetailFlag) is the page's state,
 * not a toast.
 */
export function getDeviceDetail(id: number, signal?: AbortSignal): Promise<DeviceDetail> {
  return api.get<DeviceDetail>('/pc/v1/pool/device/detail', { id }, { signal, quiet: true });
}

export const deviceDetailKey = (id: number) => [...poolKeys.devices(), 'detail', id] as const;

/** useDeviceDetail gives one device; it waits while id is 0. */
export function useDeviceDetail(id: number) {
  return useQuery({ queryKey: deviceDetailKey(id), queryFn: ({ signal }) => getDeviceDetail(id, signal), enabled: id > 0, staleTime: 15_000 });
}
