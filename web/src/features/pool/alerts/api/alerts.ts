// The alert calls (docs/alerts.md; OpenAPI tag alert). The save is quiet: the page shows
// a refusal beside its form.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import { poolKeys } from '../../api/keys';
import type { AlertPage, AlertSettings, AlertSettingsInput } from '../model/types';

/** alertKeys are under pool mode's keys: the logged-in user's, cleared at logout. */
export const alertKeys = {
  all: () => [...poolKeys.all, 'alerts'] as const,
  settings: (code: string) => [...alertKeys.all(), 'settings', code] as const,
  list: (code: string, page: number, size: number) => [...alertKeys.all(), 'list', code, page, size] as const,
};

/** getAlertSettings reads a sub-account's settings (GET /pc/v1/pool/alert/setting); a stranger's code is refused. */
export function getAlertSettings(code: string, signal?: AbortSignal): Promise<AlertSettings> {
  return api.get<AlertSettings>('/pc/v1/pool/alert/setting', { code }, { signal, quiet: true });
}

/** useAlertSettings gives a sub-account's settings; it waits while code is empty. */
export function useAlertSettings(code: string) {
  return useQuery({ queryKey: alertKeys.settings(code), queryFn: ({ signal }) => getAlertSettings(code, signal), enabled: code !== '', staleTime: 30_000 });
}

/** saveAlertSettings saves them (POST /pc/v1/pool/alert/setting) and gives the server's message. */
export function saveAlertSettings(body: AlertSettingsInput): Promise<Answer<AlertSettings>> {
  return api.send<AlertSettings>('/pc/v1/pool/alert/setting', { method: 'POST', body, quiet: true });
}

/** useSaveAlertSettings saves and puts the saved settings in the cache. */
export function useSaveAlertSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: (answer) => qc.setQueryData(alertKeys.settings(answer.data.code), answer.data),
  });
}

/** getAlerts pages a sub-account's alerts of the last 30 days (GET /pc/v1/pool/alert/list). */
export function getAlerts(code: string, page: number, pageSize: number, signal?: AbortSignal): Promise<AlertPage> {
  return api.get<AlertPage>('/pc/v1/pool/alert/list', { code, page, pageSize }, { signal, quiet: true });
}

/** useAlertList gives one page of alerts, refreshed every minute (the job runs every minute). */
export function useAlertList(code: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: alertKeys.list(code, page, pageSize),
    queryFn: ({ signal }) => getAlerts(code, page, pageSize, signal),
    enabled: code !== '',
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
