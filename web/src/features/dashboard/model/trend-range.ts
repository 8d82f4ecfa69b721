import type { TrendRange } from './types';

/** TREND_DAYS are the days each range covers (SPEC.md section 9). */
export const TREND_DAYS: Record<TrendRange, number> = { month: 31, year: 181 };

const pad = (n: number) => String(n).padStart(2, '0');

/** localStamp writes a date as "YYYY-MM-DD HH:MM:SS" in the browser's time zone (sent with the time-zone header). */
export function localStamp(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * trendBounds gives the trend call's beginTime and endTime: the range's days ending
 * 23:59:59 today, starting at 00:00:00 of its first day, in the browser's time zone.
 */
export function trendBounds(range: TrendRange, now: Date = new Date()): { beginTime: string; endTime: string } {
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59);
  const begin = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (TREND_DAYS[range] - 1), 0, 0, 0);
  return { beginTime: localStamp(begin), endTime: localStamp(end) };
}
