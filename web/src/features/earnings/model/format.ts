// Pure helpers for the earnings screens: amounts stay decimal strings from the server;
// only charts turn them into numbers.
import { formatDateTime, isoTime } from '@/lib/format';
import type { EarningDay } from './types';

/** isZero says whether a decimal amount string is zero ("0.00000000"). */
export function isZero(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

/** chartValue is an amount as a number for drawing only (never for sums shown as money). */
export function chartValue(amount: string): number {
  const v = Number(amount);
  return Number.isFinite(v) ? v : 0;
}

/** withUnit writes an amount and its coin unit. */
export function withUnit(amount: string, unit: string): string {
  return `${amount} ${unit}`;
}

/** csvCell quotes a cell when it needs it (RFC 4180). */
function csvCell(v: string | number): string {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** isoTime writes Unix ms as ISO 8601 in UTC to the second ("2026-11-23T08:00:00Z"): lib/format's. */
export { isoTime };

/** DayCsvHeaders are the (translated) column titles of the day list's CSV. */
export interface DayCsvHeaders {
  day: string;
  hashrate: string;
  amount: string;
  unit: string;
  status: string;
  settledAt: string;
}

/**
 * daysCsv writes the day list as CSV a spreadsheet can compute with: numbers as plain
 * numbers (the hashrate in H/s, the amount as the server's decimal), the coin in a column
 * of its own, and times in ISO 8601 UTC; only the headers and the status are translated.
 */
export function daysCsv(rows: EarningDay[], headers: DayCsvHeaders, unit: string, status: (r: EarningDay) => string): string {
  const lines = [[headers.day, headers.hashrate, headers.amount, headers.unit, headers.status, headers.settledAt].map(csvCell).join(',')];
  for (const r of rows) {
    lines.push([r.day, Math.round(r.hashRate.hashRate), r.amount, unit, status(r), r.settledAt ? isoTime(r.settledAt) : ''].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** auditFileName names a downloaded audit. */
export function auditFileName(subAccount: string, coin: string, day: string): string {
  return `earnings-${subAccount}-${coin}-${day}.csv`;
}

/** beijingToday is the Beijing calendar day (YYYY-MM-DD) of now: the day earnings are counted in. */
export function beijingToday(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

/**
 * formatTime writes a Unix-ms time as date and time in the language (lib/format's
 * formatDateTime), '–' for none. The pages read useFormat() themselves; this stays for
 * callers not yet moved.
 */
export function formatTime(ms: number, lang: string): string {
  return ms ? formatDateTime(ms, lang.replace('-', '_')) : '–';
}

/** grouped writes a decimal string with thousands separators in its whole part ("1,234.50"). */
export function grouped(amount: string): string {
  const [whole, frac] = amount.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const g = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${g}${frac !== undefined ? `.${frac}` : ''}`;
}

/** scopeQuery carries the coin and sub-account to another earnings page's address. */
export function scopeQuery(coin: string, subAccount: string): string {
  return `?coin=${encodeURIComponent(coin)}${subAccount ? `&sub=${encodeURIComponent(subAccount)}` : ''}`;
}
