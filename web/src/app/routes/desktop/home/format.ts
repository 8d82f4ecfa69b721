// Display helpers of the home table: money keeps the server's decimals and gains group
// separators; an absent figure shows as a dash.

/** DASH stands for a figure the pool has not measured yet. */
export const DASH = '—';

/** groupDecimal writes "96500.50" as "96,500.50"; anything that is not a decimal is returned as is. */
export function groupDecimal(value: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(value.trim());
  if (!m) return value;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/** money prefixes a decimal with its fiat symbol, or gives DASH when there is none. */
export function money(symbol: string, value: string | undefined | null): string {
  return value ? `${symbol}${groupDecimal(value)}` : DASH;
}

/** coinAmount writes an amount of a coin with its unit, or DASH. */
export function coinAmount(value: string | undefined | null, unit: string): string {
  return value ? `${groupDecimal(value)} ${unit}` : DASH;
}

/** isExternal tells an absolute http(s) address (opened in a new tab) from an app path. */
export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
