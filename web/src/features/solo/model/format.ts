// How the solo pages write difficulties, odds and waits.

const SUFFIXES = ['', 'K', 'M', 'G', 'T', 'P', 'E'];

/** formatDifficulty writes a share difficulty short: 0.0123, 12.3, 1.23K, 4.56M. */
export function formatDifficulty(d: number): string {
  if (!Number.isFinite(d) || d <= 0) return '0';
  if (d < 0.0001) return d.toExponential(2);
  if (d < 1) return d.toPrecision(3).replace(/0+$/, '').replace(/\.$/, '');
  let i = 0;
  while (d >= 1000 && i < SUFFIXES.length - 1) {
    d /= 1000;
    i++;
  }
  return `${d >= 100 ? d.toFixed(0) : d >= 10 ? d.toFixed(1) : d.toFixed(2)}${SUFFIXES[i]}`;
}

/** formatChance writes a probability as a percentage: "<0.01%" below, "100%" at 1. */
export function formatChance(p: number, lang = 'en-US'): string {
  if (!Number.isFinite(p) || p <= 0) return '0%';
  if (p < 0.0001) return '<0.01%';
  if (p >= 1) return '100%';
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: p < 0.01 ? 2 : 1 }).format(p);
}

/** WaitUnit is the unit a wait is written in. */
export type WaitUnit = 'second' | 'minute' | 'hour' | 'day' | 'year';

/** waitOf picks the unit of a wait in seconds and its value (one decimal). */
export function waitOf(seconds: number): { value: number; unit: WaitUnit } | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const steps: [WaitUnit, number][] = [
    ['second', 1],
    ['minute', 60],
    ['hour', 3600],
    ['day', 86400],
    ['year', 365 * 86400],
  ];
  let pick = steps[0]!;
  for (const s of steps) if (seconds >= s[1]) pick = s;
  return { value: Math.round((seconds / pick[1]) * 10) / 10, unit: pick[0] };
}

/** formatWait writes a wait in the reader's language: "3.2 days". */
export function formatWait(seconds: number, lang = 'en-US'): string {
  const w = waitOf(seconds);
  if (!w) return '—';
  return new Intl.NumberFormat(lang, { style: 'unit', unit: w.unit, unitDisplay: 'long', maximumFractionDigits: 1 }).format(w.value);
}

/** shortAddress keeps the ends of a long address: "dt1abc…9f2e". */
export function shortAddress(a: string, keep = 8): string {
  return a.length <= keep * 2 + 1 ? a : `${a.slice(0, keep)}…${a.slice(-keep)}`;
}
