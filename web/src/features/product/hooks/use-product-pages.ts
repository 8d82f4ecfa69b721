// The OS and download pages' data, once for the desktop and phone layouts: which release
// to offer, in what state, and the visitor's own platform first.
import { useMemo } from 'react';
import { useAppDownload } from '@/features/app-download/api/get-app-download';
import { useAppDownloads } from '@/features/app-download/api/get-app-downloads';
import { APP_PLATFORMS, detectPlatform, formatReleaseDate, orderPlatforms, releaseStatus, releasesByPlatform } from '@/features/app-download/model/platforms';
import { OS_IMAGE, type AppRelease } from '@/features/app-download/model/types';

/** useOsRelease is the OS image's release and its state (loading, failed, missing or ready). */
export function useOsRelease() {
  const query = useAppDownload(OS_IMAGE);
  return { status: releaseStatus(query), release: query.data, retry: () => void query.refetch() };
}

/** useUploadPage orders the platforms with the visitor's own first and says what to show. */
export function useUploadPage() {
  const query = useAppDownloads();
  const mine = useMemo(() => detectPlatform(), []);
  const order = orderPlatforms(mine);
  const byPlatform = releasesByPlatform(query.data);
  return {
    state: query.isPending ? ('loading' as const) : query.isError && !query.data ? ('failed' as const) : ('ready' as const),
    retry: () => void query.refetch(),
    mine,
    /** rest are the platforms after the visitor's own (all of them when it is unknown). */
    rest: mine ? order.slice(1) : order,
    byPlatform,
    /** none says no platform has a release yet. */
    none: query.data !== undefined && APP_PLATFORMS.every((p) => !byPlatform[p]),
  };
}

/** UploadPage is what useUploadPage says the download page shows. */
export type UploadPage = ReturnType<typeof useUploadPage>;

/** releaseDate is a release's date in the reader's language, '' without one. */
export function releaseDate(release: AppRelease | undefined, lang: string): string {
  return release ? formatReleaseDate(release.updatedAt, lang) : '';
}
