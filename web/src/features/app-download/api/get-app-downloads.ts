import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AppRelease } from '../model/types';

/** getAppDownloads reads the current release of every platform. */
export function getAppDownloads(signal?: AbortSignal): Promise<AppRelease[]> {
  return api
    .get<AppRelease[] | null>('/pc/v1/app/download', undefined, { signal })
    .then((list) => (Array.isArray(list) ? list : []));
}

/** getAppDownloadsQueryOptions caches the list of releases. */
export const getAppDownloadsQueryOptions = () =>
  queryOptions({
    queryKey: ['app-download', 'all'],
    queryFn: ({ signal }) => getAppDownloads(signal),
  });

/** useAppDownloads gives every platform's release. */
export function useAppDownloads() {
  return useQuery(getAppDownloadsQueryOptions());
}
