// Lets code outside React (the API client) change route through the router.

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

/** setNavigator registers the router's navigate; the returned function unregisters it. */
export function setNavigator(fn: Navigate): () => void {
  navigator = fn;
  return () => {
    if (navigator === fn) navigator = null;
  };
}

/** navigateTo changes route in the app, or loads the page when no router is up. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** reloadPage reloads the current page. */
export function reloadPage(): void {
  window.location.reload();
}

/** RELOADED_PARAM marks an address that was already reloaded once after a route-load error. */
export const RELOADED_PARAM = 'reloaded';

/**
 * reloadOnceUrl gives href with reloaded=1 added, or null when href already
 * carries the marker (then the error must be shown instead of reloading again).
 */
export function reloadOnceUrl(href: string): string | null {
  const url = new URL(href);
  if (url.searchParams.has(RELOADED_PARAM)) return null;
  url.searchParams.set(RELOADED_PARAM, '1');
  return url.toString();
}

/** isChunkLoadError reports whether an error comes from failing to load a lazy route module. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed|ChunkLoadError/i.test(
    text,
  );
}
