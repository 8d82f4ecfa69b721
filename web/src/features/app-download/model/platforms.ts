// The app download page's platforms: their order, the visitor's own, and how a
// release is shown.
import { formatDate } from '@/lib/format';
import { ApiError, codes } from '@/lib/api-client';
import type { AppPlatform, AppRelease } from './types';

/** APP_PLATFORMS are the apps' operating systems, in display order (internal/content). */
export const APP_PLATFORMS: readonly AppPlatform[] = ['windows', 'macos', 'linux', 'android', 'ios'];

/** PLATFORM_NAMES are the operating systems' own names, the same in every language. */
export const PLATFORM_NAMES: Record<AppPlatform, string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
};

/**
 * platformFromUserAgent gives the app platform of the visitor's device, or null when
 * none fits (ChromeOS, Windows Phone, bots, an empty agent). Android and iOS are told
 * apart before the desktop systems whose names their agents also carry ("Linux",
 * "Mac OS X"); an iPad in desktop mode says "Macintosh" but has a touch screen.
 */
export function platformFromUserAgent(ua: string | null | undefined, maxTouchPoints = 0): AppPlatform | null {
  if (!ua) return null;
  if (/Windows Phone|IEMobile|CrOS/i.test(ua)) return null;
  if (/Android/i.test(ua)) return 'android';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Macintosh|Mac OS X/i.test(ua)) return maxTouchPoints > 1 ? 'ios' : 'macos';
  if (/Windows/i.test(ua)) return 'windows';
  if (/Linux|X11|Ubuntu|Fedora/i.test(ua)) return 'linux';
  return null;
}

/** detectPlatform reads the browser's own agent. */
export function detectPlatform(): AppPlatform | null {
  if (typeof navigator === 'undefined') return null;
  return platformFromUserAgent(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/** orderPlatforms puts the visitor's platform first and keeps the others in display order. */
export function orderPlatforms(mine: AppPlatform | null): AppPlatform[] {
  if (!mine) return [...APP_PLATFORMS];
  return [mine, ...APP_PLATFORMS.filter((p) => p !== mine)];
}

/** releasesByPlatform indexes a release list by platform (an unknown platform is dropped). */
export function releasesByPlatform(list: readonly AppRelease[] | undefined): Partial<Record<AppPlatform, AppRelease>> {
  const out: Partial<Record<AppPlatform, AppRelease>> = {};
  for (const r of list ?? []) {
    if ((APP_PLATFORMS as readonly string[]).includes(r.operateSystem)) out[r.operateSystem as AppPlatform] = r;
  }
  return out;
}

/** ReleaseStatus is what a page shows for one platform's release call. */
export type ReleaseStatus = 'loading' | 'ready' | 'missing' | 'failed';

/**
 * releaseStatus reads a release query: data null means no release is set ("not available
 * yet"), and so does code 3, how servers before issue 31 said it; any other failure
 * (network, timeout) is worth a retry.
 */
export function releaseStatus(q: { data?: AppRelease | null | undefined; error: unknown; isPending: boolean }): ReleaseStatus {
  if (q.data) return 'ready';
  if (q.data === null) return 'missing';
  if (q.error instanceof ApiError && q.error.kind === 'code' && q.error.code === codes.warning) return 'missing';
  if (q.error) return 'failed';
  return 'loading';
}

/** isExternalUrl reports a download on another site (opened in a new tab) rather than a path on this one. */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** formatReleaseDate shows a release's Unix-millisecond time as a date in the viewer's language (lib/format formatDate); '' for none. */
export function formatReleaseDate(ms: number | null | undefined, lang: string, timeZone?: string): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) return '';
  return formatDate(ms, lang, timeZone ? { timeZone } : undefined);
}
