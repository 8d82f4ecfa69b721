import { htmlLang, isLang } from '@/lib/language';

const tagOf = (lang: string) => (isLang(lang) ? htmlLang(lang) : 'zh-HK');

const toNumber = (ms: number | string | null | undefined): number | null => {
  const n = typeof ms === 'string' ? Number(ms) : ms;
  return n === null || n === undefined || !Number.isFinite(n) || n <= 0 ? null : n;
};

/**
 * formatHelpDate shows a publication time (Unix ms) as a date in the reader's
 * language and time zone: "Mar 14, 2026", "2026年3月14日", "2026. 3. 14.".
 * It gives '' for a missing time.
 */
export function formatHelpDate(ms: number | string | null | undefined, lang: string, timeZone?: string): string {
  const n = toNumber(ms);
  if (n === null) return '';
  return new Intl.DateTimeFormat(tagOf(lang), { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(new Date(n));
}

/** formatHelpDateTime adds the time of day (24-hour clock) to formatHelpDate. */
export function formatHelpDateTime(ms: number | string | null | undefined, lang: string, timeZone?: string): string {
  const n = toNumber(ms);
  if (n === null) return '';
  return new Intl.DateTimeFormat(tagOf(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(n));
}

/** NEW_FOR_MS is how long an article counts as new. */
export const NEW_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** isNew reports whether an article was published in the last week (never for a time in the future). */
export function isNew(publishedAt: number, now: number = Date.now()): boolean {
  return publishedAt > 0 && publishedAt <= now + 60_000 && now - publishedAt < NEW_FOR_MS;
}

/** isoDate gives the machine-readable time for a <time dateTime> attribute. */
export function isoDate(ms: number): string | undefined {
  const n = toNumber(ms);
  return n === null ? undefined : new Date(n).toISOString();
}
