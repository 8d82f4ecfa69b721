// The one place the app writes numbers, amounts, hashrates, dates, times and durations
// (docs/web.md "Formatting"). Every function takes the app's language (zh_CN, en_US, ...),
// never the browser's, so a page reads the same on any machine; times use the 24-hour clock
// in every language; a value and its unit are joined by a no-break space so a unit never
// stands alone on a line; an unknown value is DASH.
import { formatHashRate } from './hashrate';
import { isLang } from './language';
import { FIAT_SYMBOL, isLegalTender } from './legal-tender';

/** DASH stands for a value that is unknown or not there. */
export const DASH = '—';

/** NBSP joins a value to its unit. */
export const NBSP = '\u00a0';

/** localeTag is a language's BCP 47 tag for Intl (zh_CN is zh-CN); an unknown one reads as zh-HK, the fallback. */
export function localeTag(lang: string): string {
  return isLang(lang) ? lang.replace('_', '-') : 'zh-HK';
}

type Time = number | string | null | undefined;

/** msOf reads a Unix-ms time (a number or a numeric string); null for a missing, zero or bad one. */
function msOf(t: Time): number | null {
  const n = typeof t === 'string' ? Number(t) : t;
  return n === null || n === undefined || !Number.isFinite(n) || n <= 0 ? null : n;
}

/** TimeOptions: the time zone to write in (the user's setting); the browser's when absent. */
export interface TimeOptions {
  timeZone?: string;
  /** seconds adds the seconds to a time of day. */
  seconds?: boolean;
}

const cache = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(lang: string, parts: Intl.DateTimeFormatOptions, o: TimeOptions | undefined): Intl.DateTimeFormat {
  const opts: Intl.DateTimeFormatOptions = { ...parts, ...(o?.timeZone ? { timeZone: o.timeZone } : {}) };
  const key = `${localeTag(lang)}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeTag(lang), opts);
    cache.set(key, f);
  }
  return f;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** formatDate writes a day: "12/06/2026", "2026/12/06", "2026. 12. 06." (the language's order, numeric). */
export function formatDate(t: Time, lang: string, o?: TimeOptions): string {
  const ms = msOf(t);
  return ms === null ? DASH : dateTimeFormat(lang, DATE, o).format(ms);
}

const MONTH_DAY: Intl.DateTimeFormatOptions = { month: '2-digit', day: '2-digit' };

/** formatMonthDay writes a day without its year, for a chart's axis: "12/06", "12/06", "12. 06." */
export function formatMonthDay(t: Time, lang: string, o?: TimeOptions): string {
  const ms = msOf(t);
  return ms === null ? DASH : dateTimeFormat(lang, MONTH_DAY, o).format(ms);
}

/** formatAxisTime writes a chart's time label: the day ("12/06"), or with hours also its time ("12/06 03:15"). */
export function formatAxisTime(t: Time, lang: string, withClock: boolean, o?: TimeOptions): string {
  const day = formatMonthDay(t, lang, o);
  return withClock && day !== DASH ? `${day} ${formatClock(t, lang, o)}` : day;
}

/** dayTime reads a calendar day "2026-12-06" as its Unix-ms midnight UTC (write it with timeZone UTC); 0 when not a day. */
export function dayTime(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : 0;
}

/** browserTimeZone is the IANA time zone this browser runs in (UTC when it cannot tell). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** formatClock writes a time of day on the 24-hour clock: "03:15" (or "03:15:09" with seconds). */
export function formatClock(t: Time, lang: string, o?: TimeOptions): string {
  const ms = msOf(t);
  return ms === null ? DASH : dateTimeFormat(lang, { ...CLOCK, ...(o?.seconds ? { second: '2-digit' } : {}) }, o).format(ms);
}

/** formatDateTime writes a day and its time of day: "12/06/2026, 03:15". */
export function formatDateTime(t: Time, lang: string, o?: TimeOptions): string {
  const ms = msOf(t);
  return ms === null ? DASH : dateTimeFormat(lang, { ...DATE, ...CLOCK, ...(o?.seconds ? { second: '2-digit' } : {}) }, o).format(ms);
}

/** isoTime writes a time as ISO 8601 UTC to the second, for files and <time dateTime>: "2026-11-23T08:00:00Z". */
export function isoTime(t: Time): string {
  const ms = msOf(t);
  return ms === null ? '' : `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** formatCount writes a whole number with the language's grouping: "12,345". */
export function formatCount(n: number | null | undefined, lang: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return DASH;
  return new Intl.NumberFormat(localeTag(lang), { maximumFractionDigits: 0 }).format(n);
}

/** formatCompact writes a large number briefly for a chart's axis (160000 is "160K"); under 10,000 as it is. */
export function formatCompact(n: number, lang: string): string {
  if (!Number.isFinite(n)) return DASH;
  if (Math.abs(n) < 10_000) return String(n);
  return new Intl.NumberFormat(localeTag(lang), { notation: 'compact', maximumFractionDigits: 2 }).format(n);
}

/** groupDigits puts thousands separators into a decimal string ("96500.00" is "96,500.00") without passing through floating point; anything else is left as it is. */
export function groupDigits(value: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, whole, frac = ''] = m;
  return sign + whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + frac;
}

/** formatMoney writes a fiat amount (a decimal string) grouped, with its symbol and the sign first ("-$1,234.50"); a code without a symbol follows the amount ("5 EUR"). */
export function formatMoney(value: string | null | undefined, fiat: string): string {
  const s = (value ?? '').trim();
  if (s === '') return DASH;
  const symbol = isLegalTender(fiat) ? FIAT_SYMBOL[fiat] : '';
  const negative = s.startsWith('-');
  const body = groupDigits(negative ? s.slice(1) : s);
  if (symbol) return `${negative ? '-' : ''}${symbol}${body}`;
  return formatAmount(`${negative ? '-' : ''}${body}`, fiat);
}

/** formatPercent writes a fraction as a percentage with up to `digits` decimals: 0.125 is "12.5%". */
export function formatPercent(p: number | null | undefined, lang: string, digits = 1): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return DASH;
  return new Intl.NumberFormat(localeTag(lang), { style: 'percent', maximumFractionDigits: digits }).format(p);
}

/**
 * formatAmount writes a coin amount with its unit: "3988.451098 ALEO". The amount stays the
 * server's decimal string (never a float), with the coin's own number of decimals (8 for
 * BTC and LTC, 6 for ALEO, whose smallest unit is a microcredit), so a figure shown is the
 * figure booked to the last unit.
 */
export function formatAmount(amount: string | null | undefined, unit: string | null | undefined): string {
  const a = (amount ?? '').trim();
  if (a === '') return DASH;
  return unit ? `${a}${NBSP}${unit}` : a;
}

/** formatGrouped is formatAmount with thousands separators ("1,234,567.123456 ALEO"), for the home page's network figures. */
export function formatGrouped(amount: string | null | undefined, unit: string | null | undefined): string {
  return formatAmount(groupDigits((amount ?? '').trim()), unit);
}

/** withUnit writes a number with its unit and `digits` decimals ("55 °C"); DASH when unknown. */
export function withUnit(v: number | null | undefined, unit: string, digits = 0): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return DASH;
  return unit ? `${v.toFixed(digits)}${NBSP}${unit}` : v.toFixed(digits);
}

/** formatHashrate writes H/s in the best unit with two decimals: "10.90 KH/s". */
export function formatHashrate(hs: number | null | undefined): string {
  if (hs === null || hs === undefined || !Number.isFinite(hs)) return DASH;
  return formatHashRate(hs).replace(' ', NBSP);
}

/** DurationUnit is a unit a duration is written in. */
export type DurationUnit = 'second' | 'minute' | 'hour' | 'day';

/**
 * formatDuration writes a span of seconds in its two largest units in the language's own
 * words: "2 days 3 hours", "3時間 5分"; under a minute, the seconds. Negative reads as 0.
 */
export function formatDuration(seconds: number | null | undefined, lang: string): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return DASH;
  const s = Math.max(0, Math.floor(seconds));
  const parts: [DurationUnit, number][] = [
    ['day', Math.floor(s / 86400)],
    ['hour', Math.floor((s % 86400) / 3600)],
    ['minute', Math.floor((s % 3600) / 60)],
    ['second', s % 60],
  ];
  const first = parts.findIndex(([, v]) => v > 0);
  if (first < 0) return unitText(0, 'second', lang);
  const shown = parts.slice(first, first + 2).filter(([, v]) => v > 0);
  return shown.map(([u, v]) => unitText(v, u, lang)).join(' ');
}

function unitText(v: number, unit: DurationUnit, lang: string): string {
  return new Intl.NumberFormat(localeTag(lang), { style: 'unit', unit, unitDisplay: 'long' }).format(v);
}

/** Format is every writer above bound to one language (and time zone): what useFormat gives. */
export interface Format {
  lang: string;
  date: (t: Time) => string;
  monthDay: (t: Time) => string;
  axisTime: (t: Time, withClock: boolean) => string;
  clock: (t: Time, seconds?: boolean) => string;
  dateTime: (t: Time, seconds?: boolean) => string;
  count: (n: number | null | undefined) => string;
  compact: (n: number) => string;
  percent: (p: number | null | undefined, digits?: number) => string;
  duration: (seconds: number | null | undefined) => string;
  amount: (amount: string | null | undefined, unit: string | null | undefined) => string;
  grouped: (amount: string | null | undefined, unit: string | null | undefined) => string;
  money: (value: string | null | undefined, fiat: string) => string;
  hashrate: (hs: number | null | undefined) => string;
}

/** formatFor binds the writers to a language and an optional time zone. */
export function formatFor(lang: string, timeZone?: string): Format {
  const tz = timeZone ? { timeZone } : {};
  return {
    lang,
    date: (t) => formatDate(t, lang, tz),
    monthDay: (t) => formatMonthDay(t, lang, tz),
    axisTime: (t, withClock) => formatAxisTime(t, lang, withClock, tz),
    clock: (t, seconds) => formatClock(t, lang, { ...tz, seconds }),
    dateTime: (t, seconds) => formatDateTime(t, lang, { ...tz, seconds }),
    count: (n) => formatCount(n, lang),
    compact: (n) => formatCompact(n, lang),
    percent: (p, digits) => formatPercent(p, lang, digits),
    duration: (s) => formatDuration(s, lang),
    amount: formatAmount,
    grouped: formatGrouped,
    money: formatMoney,
    hashrate: formatHashrate,
  };
}
