import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AppRelease, OperateSystem } from '../model/types';

/**
 * getAppDownload reads the current release of one platform; null when it has none yet
 * (the page shows "not available yet"). The server answers that with data null and HTTP
 * 200: a 404 made the browser log an error on every visit. Quiet: no toast.
 */
export function getAppDownload(operateSystem: OperateSystem, signal?: AbortSignal): Promise<AppRelease | null> {
  return api.get<AppRelease | null>('/pc/v1/app/download', { operateSystem }, { signal, quiet: true }).then((r) => r ?? null);
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
