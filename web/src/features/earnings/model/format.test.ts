import { describe, expect, it } from 'vitest';
import { auditFileName, beijingToday, chartValue, daysCsv, grouped, isZero } from './format';
import type { EarningDay } from './types';

const day = (over: Partial<EarningDay>): EarningDay => ({
  day: '2026-11-23',
  hashRate: { hashRate: 1.5e12, show: '1.50', unit: 'TH/s' },
  amount: '0.01234567',
  settling: false,
  settledAt: 1_700_000_000_000,
  subAccounts: 2,
  ...over,
});

describe('earnings model', () => {
  it('tells a zero amount from a tiny one without parsing money', () => {
    expect(isZero('0.00000000')).toBe(true);
    expect(isZero('0')).toBe(true);
    expect(isZero('0.00000001')).toBe(false);
    expect(chartValue('12.5')).toBe(12.5);
    expect(chartValue('')).toBe(0);
  });

  it('groups the whole part of a value and leaves the decimals alone', () => {
    expect(grouped('300758158.12')).toBe('300,758,158.12');
    expect(grouped('999.5')).toBe('999.5');
    expect(grouped('-1234567')).toBe('-1,234,567');
    expect(grouped('0.00012345')).toBe('0.00012345');
  });

  it('counts days in Beijing: 16:00 UTC is already tomorrow there', () => {
    expect(beijingToday(Date.UTC(2026, 10, 23, 15, 59, 59))).toBe('2026-11-23');
    expect(beijingToday(Date.UTC(2026, 10, 23, 16, 0, 0))).toBe('2026-11-24');
  });

  it('writes the day list as CSV a spreadsheet computes with: numbers, a unit column, ISO times', () => {
    const csv = daysCsv(
      [day({ settledAt: Date.UTC(2026, 10, 23, 16, 5, 9) }), day({ day: '2026-11-24', settling: true, settledAt: 0, amount: '0.00100000' })],
      { day: 'Date, Beijing', hashrate: 'Hashrate (H/s)', amount: 'Earnings "LTC"', unit: 'Unit', status: 'Status', settledAt: 'Settled at' },
      'LTC',
      (r) => (r.settling ? 'Settling' : 'Settled'),
    );
    expect(csv.split('\r\n')).toEqual([
      '"Date, Beijing",Hashrate (H/s),"Earnings ""LTC""",Unit,Status,Settled at',
      '2026-11-23,1500000000000,0.01234567,LTC,Settled,2026-11-23T16:05:09Z',
      '2026-11-24,1500000000000,0.00100000,LTC,Settling,',
      '',
    ]);
    expect(auditFileName('farm_a', 'LTC', '2026-11-23')).toBe('earnings-farm_a-LTC-2026-11-23.csv');
  });
});
