import { describe, expect, it } from 'vitest';
import { expectEach } from '@/testing/cases';
import { formatChance, formatDifficulty, formatWait, shortAddress, waitOf } from './format';

describe('formatDifficulty', () => {
  it('writes short', () => {
    expectEach(formatDifficulty, [
      [0, '0'],
      [0.0123, '0.0123'],
      [12.34, '12.3'],
      [1234, '1.23K'],
      [4_560_000, '4.56M'],
      [987_000_000_000, '987G'],
      [4.6565e-10, '4.66e-10'],
    ]);
  });
});

describe('formatChance', () => {
  it('writes percentages, tiny and certain odds plainly', () => {
    expectEach(formatChance, [
      [0, '0%'],
      [0.00001, '<0.01%'],
      [0.0042, '0.42%'],
      [0.632, '63.2%'],
      [1, '100%'],
    ]);
  });
});

describe('waits', () => {
  it('picks the unit that reads best', () => {
    expect(waitOf(0)).toBeNull();
    expect(waitOf(90)).toEqual({ value: 1.5, unit: 'minute' });
    expect(waitOf(12)).toEqual({ value: 12, unit: 'second' });
    expect(waitOf(3 * 86400)).toEqual({ value: 3, unit: 'day' });
    expect(waitOf(2 * 365 * 86400)).toEqual({ value: 2, unit: 'year' });
    expect(formatWait(3 * 86400, 'en-US')).toBe('3 days');
    expect(formatWait(0)).toBe('—');
  });
});

describe('shortAddress', () => {
  it('keeps both ends', () => {
    expect(shortAddress('short')).toBe('short');
    expect(shortAddress('dt1abcdefghijklmnopqrstuvwxyz0123')).toBe('dt1abcde…wxyz0123');
  });
});
