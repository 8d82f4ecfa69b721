import { describe, expect, it } from 'vitest';
import { DASH, NBSP, formatAmount, formatClock, formatCount, formatDate, formatDateTime, formatDuration, formatHashrate, formatPercent, isoTime, localeTag, withUnit } from './format';

// 2026-12-06T03:15:09Z
const T = Date.UTC(2026, 11, 6, 3, 15, 9);
const utc = { timeZone: 'UTC' };

describe('format', () => {
  it('writes dates in the app language, numeric, the same on every size', () => {
    expect(formatDate(T, 'en_US', utc)).toBe('12/06/2026');
    expect(formatDate(T, 'zh_CN', utc)).toBe('2026/12/06');
    expect(formatDate(T, 'ko_KR', utc)).toMatch(/^2026\. 12\. 06\.?$/);
  });

  it('writes times on the 24-hour clock in every language', () => {
    for (const lang of ['en_US', 'zh_CN', 'zh_HK', 'ko_KR']) {
      expect(formatClock(T, lang, utc)).toMatch(/03:15$/);
      expect(formatClock(T, lang, { ...utc, seconds: true })).toMatch(/03:15:09$/);
      expect(formatDateTime(T + 12 * 3600_000, lang, utc)).toMatch(/15:15$/);
      expect(formatDateTime(T + 12 * 3600_000, lang, utc)).not.toMatch(/AM|PM|오후|下午/);
    }
  });

  it('writes a dash for a missing time and ISO 8601 UTC for files', () => {
    expect(formatDate(0, 'en_US')).toBe(DASH);
    expect(formatDateTime(null, 'en_US')).toBe(DASH);
    expect(formatDateTime('x', 'en_US')).toBe(DASH);
    expect(isoTime(T)).toBe('2026-12-06T03:15:09Z');
    expect(isoTime(String(T))).toBe('2026-12-06T03:15:09Z');
  });

  it('joins a value to its unit with a no-break space', () => {
    expect(formatAmount('3988.451098', 'ALEO')).toBe(`3988.451098${NBSP}ALEO`);
    expect(formatAmount('', 'ALEO')).toBe(DASH);
    expect(formatHashrate(10900)).toBe(`10.90${NBSP}KH/s`);
    expect(formatHashrate(NaN)).toBe(DASH);
    expect(withUnit(55.4, '°C')).toBe(`55${NBSP}°C`);
    expect(withUnit(null, '°C')).toBe(DASH);
  });

  it('groups counts and percentages in the app language', () => {
    expect(formatCount(12345, 'en_US')).toBe('12,345');
    expect(formatCount(12345, 'ko_KR')).toBe('12,345');
    expect(formatPercent(0.125, 'en_US')).toBe('12.5%');
    expect(formatCount(undefined, 'en_US')).toBe(DASH);
  });

  it('writes a duration in its two largest units', () => {
    expect(formatDuration(2 * 86400 + 3 * 3600 + 5 * 60, 'en_US')).toBe('2 days 3 hours');
    expect(formatDuration(3 * 3600 + 5 * 60, 'en_US')).toBe('3 hours 5 minutes');
    expect(formatDuration(42, 'en_US')).toBe('42 seconds');
    expect(formatDuration(-5, 'en_US')).toBe('0 seconds');
    expect(formatDuration(3600, 'en_US')).toBe('1 hour');
    expect(formatDuration(3 * 3600, 'zh_CN')).toMatch(/^3\s?小时$/);
  });

  it('reads an unknown language as the fallback', () => {
    expect(localeTag('xx')).toBe('zh-HK');
    expect(localeTag('en_US')).toBe('en-US');
  });
});
