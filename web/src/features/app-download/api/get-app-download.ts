import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AppRelease, OperateSystem } from '../model/types';

/**
 * getAppDownload reads the current release of one platform. A platform without one
 * answers code 3, which the page shows as "not available yet" (quiet: no toast).
 */
export function getAppDownload(operateSystem: OperateSystem, signal?: AbortSignal): Promise<AppRelease> {
  return api.get<AppRelease>('/pc/v1/app/download', { operateSystem }, { signal, quiet: true });
}

/** getAppDownloadQueryOptions caches one platform's release. */
export const getAppDownloadQueryOptions = (operateSystem: OperateSystem) =>
  queryOptions({
    queryKey: ['app-download', operateSystem],
    queryFn: ({ signal }) => getAppDownload(operateSystem, signal),
  });

/** useAppDownload gives one platform's release. */
export function useAppDownload(operateSystem: OperateSystem) {
  return useQuery(getAppDownloadQueryOptions(operateSystem));
}
