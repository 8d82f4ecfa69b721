// Pure helpers for the earnings screens: amounts stay decimal strings from the server;
// only charts turn them into numbers.
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

/** daysCsv writes the day list as CSV with the given (translated) headers. */
export function daysCsv(rows: EarningDay[], headers: { day: string; hashrate: string; amount: string; status: string; settledAt: string }, status: (r: EarningDay) => string, time: (ms: number) => string): string {
  const lines = [[headers.day, headers.hashrate, headers.amount, headers.status, headers.settledAt].map(csvCell).join(',')];
  for (const r of rows) {
    lines.push([r.day, `${r.hashRate.show} ${r.hashRate.unit}`, r.amount, status(r), r.settledAt ? time(r.settledAt) : ''].map(csvCell).join(','));
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

/** formatBeijingTime writes a Unix-ms time as Beijing date and time (the settlement's clock). */
export function formatTime(ms: number, locale: string): string {
  if (!ms) return '–';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
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
