// The help centre's dates: lib/format's, but nothing (not a dash) for a missing time, and
// when an article counts as new.
import { formatDate, formatDateTime } from '@/lib/format';

const toNumber = (ms: number | string | null | undefined): number | null => {
  const n = typeof ms === 'string' ? Number(ms) : ms;
  return n === null || n === undefined || !Number.isFinite(n) || n <= 0 ? null : n;
};

/** formatHelpDate is a publication time (Unix ms) as a date in the reader's language and time zone (lib/format formatDate); '' for a missing time. */
export function formatHelpDate(ms: number | string | null | undefined, lang: string, timeZone?: string): string {
  return toNumber(ms) === null ? '' : formatDate(ms, lang, { timeZone });
}

/** formatHelpDateTime adds the time of day (24-hour clock) to formatHelpDate (lib/format formatDateTime). */
export function formatHelpDateTime(ms: number | string | null | undefined, lang: string, timeZone?: string): string {
  return toNumber(ms) === null ? '' : formatDateTime(ms, lang, { timeZone });
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
