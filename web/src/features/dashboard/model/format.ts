// Home page links: a coin's guide may be an absolute address or a page of the app.
// (Its figures are written by lib/format: docs/web.md "Formatting".)

/** isExternal tells an absolute http(s) address (opened in a new tab) from an app path. */
export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
