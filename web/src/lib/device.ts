// Device detection and the desktop <-> mobile route mapping (SPEC.md section 2,
// "Routing rules": phones live under /mobile, desktops outside it).
import { matchPath } from 'react-router-dom';
import {
  DESKTOP_PATTERNS,
  HELP_KINDS,
  MAINTENANCE,
  MOBILE_PATTERNS,
  MOBILE_PREFIX,
  isMobilePath,
  type HelpKind,
} from '@/config/paths';

/** isPhoneUserAgent reports whether a user agent is a phone's (tablets get the desktop site). */
export function isPhoneUserAgent(ua: string | undefined | null): boolean {
  if (!ua) return false;
  if (/iPad|Tablet/i.test(ua)) return false;
  return /Mobi|iPhone|iPod|Android.+Mobile|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini/i.test(ua);
}

function matchesAny(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function isHelpKind(value: string | null): value is HelpKind {
  return value !== null && (HELP_KINDS as readonly string[]).includes(value);
}

// Desktop and mobile pages whose names differ (the rest map by adding or removing /mobile).
const accountAliases: ReadonlyArray<[desktop: string, mobile: string]> = [
  ['/account/orePoolAssetsOverview', '/mobile/account/assetsOverview'],
  ['/account/orePoolAssetsDetail', '/mobile/account/assetsDetail'],
  ['/account/orePoolAddressManage', '/mobile/account/addressManage'],
  ['/account/orePoolWithdrawlSetList', '/mobile/account/withdrawlSetList'],
];

/**
 * toMobilePath gives the /mobile page equivalent to a desktop path and query,
 * or /mobile when the desktop page has no mobile twin.
 */
export function toMobilePath(pathname: string, search = ''): string {
  const path = trimSlash(pathname);
  if (path === '/') return MOBILE_PREFIX;
  if (path === '/help') return '/mobile/help/helpcenter';

  const helpList = matchPath('/help/:kind/list', path) ?? matchPath('/help/:kind', path);
  if (helpList && isHelpKind(helpList.params.kind ?? null)) {
    return `/mobile/help/helplist?type=${helpList.params.kind}`;
  }
  const helpDetail = matchPath('/help/:kind/detail/:id', path);
  if (helpDetail && isHelpKind(helpDetail.params.kind ?? null)) {
    return `/mobile/help/helpdetail?type=${helpDetail.params.kind}&id=${encodeURIComponent(helpDetail.params.id ?? '')}`;
  }
  if (path === '/observerMode/infoList') return '/mobile/observerMode/help/helplist?type=infoList';
  if (path === '/observerMode/infoDetail') {
    const q = new URLSearchParams(search);
    q.set('type', 'infoList');
    return `/mobile/observerMode/help/helpdetail?${q.toString()}`;
  }
  for (const [desktop, mobile] of accountAliases) {
    if (path === desktop) return mobile + search;
  }
  const candidate = MOBILE_PREFIX + path;
  if (matchesAny(MOBILE_PATTERNS, candidate)) return candidate + search;
  return MOBILE_PREFIX;
}

/**
 * toDesktopPath gives the desktop page equivalent to a /mobile path and query,
 * or / when the mobile page has no desktop twin.
 */
export function toDesktopPath(pathname: string, search = ''): string {
  const path = trimSlash(pathname);
  if (!isMobilePath(path) || path === MOBILE_PREFIX) return '/';
  const q = new URLSearchParams(search);
  const type = q.get('type');

  if (path === '/mobile/help' || path === '/mobile/help/helpcenter') return '/help';
  if (path === '/mobile/help/helplist') return isHelpKind(type) ? `/help/${type}/list` : '/help';
  if (path === '/mobile/help/helpdetail') {
    const id = q.get('id');
    if (!isHelpKind(type)) return '/help';
    return id ? `/help/${type}/detail/${encodeURIComponent(id)}` : `/help/${type}/list`;
  }
  if (path === '/mobile/observerMode/help/helplist') return '/observerMode/infoList';
  if (path === '/mobile/observerMode/help/helpdetail') {
    q.delete('type');
    const rest = q.toString();
    return `/observerMode/infoDetail${rest ? `?${rest}` : ''}`;
  }
  for (const [desktop, mobile] of accountAliases) {
    if (path === mobile) return desktop + search;
  }
  const candidate = path.slice(MOBILE_PREFIX.length);
  if (matchesAny(DESKTOP_PATTERNS, candidate)) return candidate + search;
  return '/';
}

/** isDeviceRedirectExempt reports paths that stay put whatever the device: maintenance and invite links. */
export function isDeviceRedirectExempt(pathname: string): boolean {
  return (
    pathname === MAINTENANCE ||
    pathname.startsWith(`${MAINTENANCE}/`) ||
    pathname === '/mobile/registerInvite' ||
    pathname.startsWith('/mobile/registerInvite/')
  );
}

/**
 * deviceRedirect gives where a visitor with this user agent should be sent from
 * pathname+search, or null when the page fits the device.
 */
export function deviceRedirect(pathname: string, search: string, userAgent: string): string | null {
  if (isDeviceRedirectExempt(pathname)) return null;
  const phone = isPhoneUserAgent(userAgent);
  const onMobile = isMobilePath(pathname);
  if (phone && !onMobile) return toMobilePath(pathname, search);
  if (!phone && onMobile) return toDesktopPath(pathname, search);
  return null;
}
