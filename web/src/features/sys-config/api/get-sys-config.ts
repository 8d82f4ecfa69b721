import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** SysConfigKey names one system setting. */
export interface SysConfigKey {
  keyType: 'global';
  sysKey: 'telegram_url' | 'maintenance' | (string & {});
}

/** getSysConfig reads one system setting; its value is a string. */
export function getSysConfig(key: SysConfigKey, signal?: AbortSignal): Promise<string> {
  return api
    .get<string | null>('/pc/v1/sys/config', { keyType: key.keyType, sysKey: key.sysKey }, { signal, silent: true })
    .then((value) => (typeof value === 'string' ? value : ''));
}

/** getSysConfigQueryOptions caches a setting for five minutes. */
export const getSysConfigQueryOptions = (key: SysConfigKey) =>
  queryOptions({
    queryKey: ['sys-config', key.keyType, key.sysKey],
    queryFn: ({ signal }) => getSysConfig(key, signal),
    staleTime: 5 * 60_000,
  });

/** useSysConfig gives one system setting. */
export function useSysConfig(key: SysConfigKey) {
  return useQuery(getSysConfigQueryOptions(key));
}
