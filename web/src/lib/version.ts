// Version check (SPEC.md section 2): a changed build makes the app reload itself.
import { local, localKeys } from './storage';

/** VERSION_LOADER_DELAY_MS is when the full-screen "version update" loader shows. */
export const VERSION_LOADER_DELAY_MS = 2000;
/** VERSION_RELOAD_DELAY_MS is when the new version is stored and the page reloads. */
export const VERSION_RELOAD_DELAY_MS = 3000;

/** fetchServerVersion reads data.version of /version.json, or null when it cannot be read. */
export async function fetchServerVersion(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchImpl(`/version.json?${Math.random().toString(36).slice(2)}`, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { version?: unknown } };
    const v = body?.data?.version;
    return typeof v === 'string' && v !== '' ? v : null;
  } catch {
    return null;
  }
}

/** VersionVerdict says what to do with the server's version. */
export type VersionVerdict = 'unknown' | 'first-visit' | 'same' | 'changed';

/** judgeVersion compares the stored version with the server's. */
export function judgeVersion(stored: string | null, server: string | null): VersionVerdict {
  if (!server) return 'unknown';
  if (!stored) return 'first-visit';
  return stored === server ? 'same' : 'changed';
}

/**
 * scheduleVersionReload shows the loader after 2 s, then stores the new version
 * and reloads after 3 s. It returns a function that cancels what is left.
 */
export function scheduleVersionReload(
  version: string,
  showLoader: () => void,
  reload: () => void,
): () => void {
  const loader = setTimeout(showLoader, VERSION_LOADER_DELAY_MS);
  const reloader = setTimeout(() => {
    local.set(localKeys.version, version);
    reload();
  }, VERSION_RELOAD_DELAY_MS);
  return () => {
    clearTimeout(loader);
    clearTimeout(reloader);
  };
}
