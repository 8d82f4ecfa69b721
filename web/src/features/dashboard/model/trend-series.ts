import { bestUnit, inUnit, unitFactor } from './hashrate';
import type { LegalTender, TrendPoint } from './types';

/** TrendSeries is what the chart draws: time, price in the chosen fiat, hashrate in one unit. */
export interface TrendSeries {
  times: number[];
  prices: (number | null)[];
  hashRates: (number | null)[];
  hashRateUnit: string;
}

/** toSeries turns trend points into the chart's series; points may come in different units. */
export function toSeries(points: TrendPoint[], legalTender: LegalTender): TrendSeries {
  const sorted = [...points].sort((a, b) => a.execTime - b.execTime);
  const maxHs = Math.max(0, ...sorted.map((p) => (Number.isFinite(p.hashRate) ? p.hashRate * unitFactor(p.hashRateUnit) : 0)));
  const unit = bestUnit(maxHs);
  const num = (s: string) => {
    const n = Number(s);
    return s !== '' && Number.isFinite(n) ? n : null;
  };
  return {
    times: sorted.map((p) => p.execTime),
    prices: sorted.map((p) => num(legalTender === 'CNY' ? p.cnyPrice : p.price)),
    hashRates: sorted.map((p) => (Number.isFinite(p.hashRate) ? round(inUnit(p.hashRate, p.hashRateUnit, unit), 4) : null)),
    hashRateUnit: unit,
  };
}

function round(v: number, places: number): number {
  const p = 10 ** places;
  return Math.round(v * p) / p;
}
