// Pure formatting of a device's figures for the detail and GPU pages.
import { formatDateTime } from '@/lib/format';

/** DASH stands for an unknown value. */
export const DASH = '–';

/** orDash gives the text, or DASH when it is empty or null. */
export function orDash(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return DASH;
  const s = String(v).trim();
  return s === '' ? DASH : s;
}

/** withUnit writes a number with its unit ("55 °C", "72 %"), rounded to digits, or DASH. */
export function withUnit(v: number | null | undefined, unit: string, digits = 0): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return DASH;
  return `${v.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** formatBytes writes a size in 1024s: "8.0 GB", "512 MB"; DASH when unknown. */
export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n) || n < 0) return DASH;
  let i = 0;
  let v = n;
  while (v >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(v < 10 ? 1 : 0)} ${BYTE_UNITS[i]}`;
}

/** usagePercent is used/total as a percentage 0..100 rounded to one decimal, or null when unknown. */
export function usagePercent(used: number | null | undefined, total: number | null | undefined): number | null {
  if (used === null || used === undefined || !total || total <= 0 || used < 0) return null;
  return Math.round(Math.min(100, (used / total) * 100) * 10) / 10;
}

/** usageLevel colours a usage: ok below 70 %, high below 90 %, full from 90 %. */
export function usageLevel(percent: number | null): 'ok' | 'high' | 'full' | 'unknown' {
  if (percent === null) return 'unknown';
  if (percent >= 90) return 'full';
  if (percent >= 70) return 'high';
  return 'ok';
}

/** DurationParts is a span split for display. */
export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
}

/** splitDuration splits seconds into days, hours and whole minutes (negative reads as 0). */
export function splitDuration(seconds: number): DurationParts {
  const s = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60) };
}

/**
 * formatTime writes a Unix-ms time with date and time to the second in the reader's language
 * (lib/format's formatDateTime), or DASH for 0.
 */
export function formatTime(ms: number | null | undefined, lang: string, timeZone?: string): string {
  if (!ms || ms <= 0 || !Number.isFinite(ms)) return DASH;
  return formatDateTime(ms, lang, { timeZone, seconds: true });
}

/** Verdict compares the rig's own hashrate with the pool's 95% range. */
export type Verdict = 'within' | 'below' | 'above' | 'noReport' | 'noShares' | 'measuring';

/**
 * verdict says where the rig's own figure falls against the pool's 95% range: no report,
 * no shares in the window (the pool cannot tell yet), measuring (the rig started within the
 * window: its figure is over the time since its first share, and no warning is given
 * before the window is full), within (nothing lost), above (the rig computes more than
 * reaches the pool: rejected or stale shares, a bad connection, another pool), or below
 * (the pool receives more than the rig counts: the rig's figure is low).
 */
export function verdict(reported: number | null | undefined, low: number, high: number, windowShares: number, windowFull: boolean): Verdict {
  if (reported === null || reported === undefined) return 'noReport';
  if (windowShares <= 0) return 'noShares';
  if (!windowFull) return 'measuring';
  if (reported < low) return 'below';
  if (reported > high) return 'above';
  return 'within';
}

/** ScalePositions are where the range and markers sit on a 0..100 scale. */
export interface ScalePositions {
  low: number;
  high: number;
  pool: number;
  reported: number | null;
}

/**
 * scale places the pool's range, its figure and the rig's figure on one axis from 0 to a
 * little above the largest, as percentages.
 */
export function scale(pool: number, low: number, high: number, reported: number | null): ScalePositions {
  const top = Math.max(pool, high, reported ?? 0) * 1.15 || 1;
  const at = (v: number) => Math.round(Math.min(100, Math.max(0, (v / top) * 100)) * 10) / 10;
  return { low: at(low), high: at(high), pool: at(pool), reported: reported === null ? null : at(reported) };
}

/** parseDeviceId reads ?id=, or 0 when it is missing or not a positive integer. */
export function parseDeviceId(v: string | null): number {
  if (!v || !/^\d+$/.test(v.trim())) return 0;
  const n = Number(v.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** durationText picks the duration text key of the machine texts and its parameters. */
export function durationText(parts: DurationParts): { key: string; params: Record<string, number> } {
  const params = { ...parts };
  if (parts.days > 0) return { key: 'duration.dhm', params };
  if (parts.hours > 0) return { key: 'duration.hm', params };
  return { key: 'duration.m', params };
}

/** rangeText writes a hashrate range with one unit when both ends share it ("1.20 – 3.40 KH/s"). */
export function rangeText(low: { show: string; unit: string }, high: { show: string; unit: string }): string {
  return low.unit === high.unit ? `${low.show} – ${high.show} ${high.unit}` : `${low.show} ${low.unit} – ${high.show} ${high.unit}`;
}
