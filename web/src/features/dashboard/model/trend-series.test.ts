import { describe, expect, it } from 'vitest';
import { trendBounds } from './trend-range';
import { toSeries } from './trend-series';
import { bestUnit, inUnit } from '@/lib/hashrate';

describe('trend', () => {
  it('asks for 31 and 181 whole days ending 23:59:59 today', () => {
    const now = new Date(2026, 10, 22, 9, 30, 0);
    expect(trendBounds('month', now)).toEqual({ beginTime: '2026-10-23 00:00:00', endTime: '2026-11-22 23:59:59' });
    expect(trendBounds('year', now)).toEqual({ beginTime: '2026-05-26 00:00:00', endTime: '2026-11-22 23:59:59' });
  });

  it('draws points in time order, in the chosen fiat, in one hashrate unit', () => {
    const s = toSeries(
      [
        { execTime: 2, price: '2.5', cnyPrice: '17.75', hashRate: 1.5e6, hashRateShow: '1.50', hashRateUnit: 'MH/s' },
        { execTime: 1, price: '2', cnyPrice: '14.2', hashRate: 9e5, hashRateShow: '0.90', hashRateUnit: 'MH/s' },
        { execTime: 3, price: '', cnyPrice: '', hashRate: 0, hashRateShow: '0.00', hashRateUnit: 'MH/s' },
      ],
      'CNY',
    );
    expect(s).toEqual({ times: [1, 2, 3], prices: [14.2, 17.75, null], hashRates: [0.9, 1.5, 0], hashRateUnit: 'MH/s' });
    expect(toSeries([], 'USD')).toEqual({ times: [], prices: [], hashRates: [], hashRateUnit: 'H/s' });
  });

  it('scales hashrate units', () => {
    expect(bestUnit(999)).toBe('H/s');
    expect(bestUnit(1000)).toBe('KH/s');
    expect(bestUnit(2e21)).toBe('EH/s');
    expect(inUnit(1, 'TH/s', 'GH/s')).toBe(1000);
  });
});
