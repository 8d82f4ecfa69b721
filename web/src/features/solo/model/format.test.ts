import { describe, expect, it } from 'vitest';
import { formatChance, formatDifficulty, formatWait, shortAddress, waitOf } from './format';

describe('formatDifficulty', () => {
  it('writes short', () => {
    expect(formatDifficulty(0)).toBe('0');
    expect(formatDifficulty(0.0123)).toBe('0.0123');
    expect(formatDifficulty(12.34)).toBe('12.3');
    expect(formatDifficulty(1234)).toBe('1.23K');
    expect(formatDifficulty(4_560_000)).toBe('4.56M');
    expect(formatDifficulty(987_000_000_000)).toBe('987G');
    expect(formatDifficulty(4.6565e-10)).toBe('4.66e-10');
  });
});

describe('formatChance', () => {
  it('writes percentages, tiny and certain odds plainly', () => {
    expect(formatChance(0)).toBe('0%');
    expect(formatChance(0.00001)).toBe('<0.01%');
    expect(formatChance(0.0042)).toBe('0.42%');
    expect(formatChance(0.632)).toBe('63.2%');
    expect(formatChance(1)).toBe('100%');
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
