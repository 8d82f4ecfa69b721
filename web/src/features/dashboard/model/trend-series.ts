import { inUnit } from '@/lib/hashrate';
import type { LegalTender, TrendPoint } from './types';

/** TrendSeries is what the chart draws: time, price in the chosen fiat, hashrate in one unit. */
export interface TrendSeries {
  times: number[];
  prices: (number | null)[];
  hashRates: (number | null)[];
  hashRateUnit: string;
}

/**
 * toSeries turns trend points into the chart's series. Each point's hashRate is in H/s;
 * the server names one unit for the whole series (hashRateUnit), so the axis reads in it.
 */
export function toSeries(points: TrendPoint[], legalTender: LegalTender): TrendSeries {
  const sorted = [...points].sort((a, b) => a.execTime - b.execTime);
  const unit = sorted[0]?.hashRateUnit || 'H/s';
  const num = (s: string) => {
    const n = Number(s);
    return s !== '' && Number.isFinite(n) ? n : null;
  };
  return {
    times: sorted.map((p) => p.execTime),
    prices: sorted.map((p) => num(legalTender === 'CNY' ? p.cnyPrice : p.price)),
    hashRates: sorted.map((p) => (Number.isFinite(p.hashRate) ? round(inUnit(p.hashRate, 'H/s', unit), 4) : null)),
    hashRateUnit: unit,
  };
}

function round(v: number, places: number): number {
  const p = 10 ** places;
  return Math.round(v * p) / p;
}
