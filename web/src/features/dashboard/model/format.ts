// How the home pages (desktop and phone) write the server's figures: decimal strings are grouped by
// thousands without passing through floating point, and missing figures read as a dash.
import { FIAT_SYMBOL, isLegalTender } from '@/lib/legal-tender';

/** DASH stands for a figure the server does not have yet. */
export const DASH = '—';

/** groupDigits puts thousands separators into a decimal string ("96500.00" → "96,500.00"); anything else is left as it is. */
export function groupDigits(value: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, whole, frac = ''] = m;
  return sign + whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + frac;
}

/** money writes an amount with its fiat symbol ("-$1,234.50"); a dash when empty. */
export function money(value: string | null | undefined, fiat: string): string {
  const s = (value ?? '').trim();
  if (s === '') return DASH;
  const symbol = isLegalTender(fiat) ? FIAT_SYMBOL[fiat] : '';
  const negative = s.startsWith('-');
  const body = groupDigits(negative ? s.slice(1) : s);
  return `${negative ? '-' : ''}${symbol}${body}${symbol ? '' : ` ${fiat}`}`.trim();
}

/** coinAmount writes an amount of coins with their unit ("0.00012 BTC"); a dash when empty. */
export function coinAmount(value: string | null | undefined, unit: string): string {
  const s = (value ?? '').trim();
  return s === '' ? DASH : `${groupDigits(s)} ${unit}`.trim();
}

/** hashRate writes a display value and its unit ("1.25 TH/s"). */
export function hashRate(show: string | null | undefined, unit: string | null | undefined): string {
  const s = (show ?? '').trim();
  return s === '' ? DASH : `${s} ${unit ?? ''}`.trim();
}

/** isExternal tells an absolute http(s) address (opened in a new tab) from an app path. */
export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
