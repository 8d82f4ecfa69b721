/** HASH_UNITS scale hashrates, each 1000 times the one before (the server's list). */
export const HASH_UNITS = ['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;

/** unitFactor is how many H/s one unit is (1 for an unknown unit). */
export function unitFactor(unit: string): number {
  const i = HASH_UNITS.findIndex((u) => u.toLowerCase() === unit.toLowerCase());
  return i < 0 ? 1 : 1000 ** i;
}

/** bestUnit picks the largest unit in which the largest value is at least 1. */
export function bestUnit(maxHs: number): string {
  let i = 0;
  let v = Math.abs(maxHs);
  while (i < HASH_UNITS.length - 1 && v >= 1000) {
    v /= 1000;
    i++;
  }
  return HASH_UNITS[i]!;
}

/** inUnit converts a value from one unit to another. */
export function inUnit(value: number, from: string, to: string): number {
  return (value * unitFactor(from)) / unitFactor(to);
}

/** formatHashRate writes H/s as the server does (internal/hashrate.Format): "1.00 MH/s". */
export function formatHashRate(hs: number): string {
  const unit = bestUnit(hs);
  return `${inUnit(hs, 'H/s', unit).toFixed(2)} ${unit}`;
}

/** HashRate is a hashrate as the API gives it: H/s and its display value and unit. */
export interface HashRate {
  hashRate: number;
  show: string;
  unit: string;
  /** measuring: the pool's figure rests on too few shares or too short a time to show yet. */
  measuring?: boolean;
}

/** rateParts is a hashrate's value and unit for a stat card, or the measuring text (and no unit). */
export function rateParts(r: HashRate, measuring: string): { value: string; unit: string } {
  return r.measuring ? { value: measuring, unit: '' } : { value: r.show, unit: r.unit };
}

/** rateText writes a hashrate with its unit joined by a no-break space ("10.90 KH/s", as lib/format does), or the measuring text. */
export function rateText(r: HashRate, measuring: string): string {
  return r.measuring ? measuring : `${r.show}\u00a0${r.unit}`;
}
