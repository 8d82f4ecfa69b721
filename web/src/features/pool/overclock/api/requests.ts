// Sending settings to devices and reading their state: POST apply and cancel, GET
// device/status (internal/overclock/handlers.go).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pollInterval } from '../model/status';
import type { DeviceOverclock } from '../model/types';
import { overclockKeys } from './keys';

const BASE = '/pc/v1/pool/overclock/';

/** applyTemplate sends a template to devices (all or nothing); quiet: the page shows a refusal. */
export function applyTemplate(templateId: number, deviceIds: number[]) {
  return api.send<DeviceOverclock[]>(`${BASE}apply`, { method: 'POST', body: { templateId, deviceIds }, quiet: true });
}

/** cancelOverclock sends factory settings to devices (all or nothing); quiet like applyTemplate. */
export function cancelOverclock(deviceIds: number[]) {
  return api.send<DeviceOverclock[]>(`${BASE}cancel`, { method: 'POST', body: { deviceIds }, quiet: true });
}

/** getOverclockStatus reads the devices' latest requests. */
export function getOverclockStatus(ids: readonly number[], signal?: AbortSignal): Promise<DeviceOverclock[]> {
  return api.get<DeviceOverclock[]>(`${BASE}device/status`, { deviceIds: ids.join(',') }, { signal });
}

/**
 * useOverclockStatus reads the devices' states; with poll it reads again every few
 * seconds while any device is pending. It waits while ids is empty.
 */
export function useOverclockStatus(ids: readonly number[], { poll = false, silent = false }: { poll?: boolean; silent?: boolean } = {}) {
  return useQuery({
    queryKey: overclockKeys.statusOf(ids),
    queryFn: ({ signal }) =>
      silent
        ? api.request<DeviceOverclock[]>(`${BASE}device/status`, { query: { deviceIds: ids.join(',') }, signal, silent: true })
        : getOverclockStatus(ids, signal),
    enabled: ids.length > 0,
    staleTime: 0,
    refetchInterval: poll ? (q) => pollInterval(q.state.data) : false,
  });
}

/** useSendOverclock applies a template (templateId) or factory settings (no templateId). */
export function useSendOverclock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, deviceIds }: { templateId?: number; deviceIds: number[] }) =>
      templateId ? applyTemplate(templateId, deviceIds) : cancelOverclock(deviceIds),
    onSuccess: () => qc.invalidateQueries({ queryKey: overclockKeys.status() }),
  });
}
