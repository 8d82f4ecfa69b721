import { describe, expect, it } from 'vitest';
import { expectEach } from '@/testing/cases';
import { DASH, NBSP, browserTimeZone, dayTime, formatAmount, formatAxisTime, formatClock, formatCompact, formatCount, formatDate, formatDateTime, formatDuration, formatFor, formatGrouped, formatHashrate, formatMoney, formatMonthDay, formatPercent, groupDigits, isoTime, localeTag, withUnit } from './format';

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

  it('writes a chart day in the language order, numeric, and its time on the 24-hour clock', () => {
    expect(formatMonthDay(T, 'en_US', utc)).toBe('12/06');
    expect(formatMonthDay(T, 'zh_CN', utc)).toBe('12/06');
    expect(formatMonthDay(T, 'ko_KR', utc)).toMatch(/^12\. 06\.?$/);
    expect(formatAxisTime(T, 'en_US', false, utc)).toBe('12/06');
    expect(formatAxisTime(T + 12 * 3600_000, 'en_US', true, utc)).toBe('12/06 15:15');
    expect(formatAxisTime(0, 'en_US', true, utc)).toBe(DASH);
    expect(formatDate(dayTime('2026-12-06'), 'en_US', utc)).toBe('12/06/2026');
    expect(dayTime('yesterday')).toBe(0);
  });

  it('tells the browser time zone', () => {
    expect(browserTimeZone()).toMatch(/\w/);
  });

  it('groups decimal strings without floating point, and writes money with its symbol', () => {
    expectEach(groupDigits, [
      ['96500.00', '96,500.00'],
      ['1234567.123456', '1,234,567.123456'],
      ['999', '999'],
      ['-12345', '-12,345'],
      ['n/a', 'n/a'],
      ['12345678901234567890.123456789', '12,345,678,901,234,567,890.123456789'],
    ]);
    expect(formatMoney('96500.00', 'USD')).toBe('$96,500.00');
    expect(formatMoney('685150.00', 'CNY')).toBe('¥685,150.00');
    expect(formatMoney('-69.71', 'USD')).toBe('-$69.71');
    expect(formatMoney('', 'USD')).toBe(DASH);
    expect(formatMoney('5', 'EUR')).toBe(`5${NBSP}EUR`);
    expect(formatGrouped('1234567.123456', 'ALEO')).toBe(`1,234,567.123456${NBSP}ALEO`);
    expect(formatGrouped(' ', 'ALEO')).toBe(DASH);
    expect(formatAmount('0.00001234', 'BTC')).toBe(`0.00001234${NBSP}BTC`);
    expect(formatAmount('1.25', '')).toBe('1.25');
  });

  it('writes a large axis value briefly', () => {
    expect(formatCompact(160000, 'en_US')).toBe('160K');
    expect(formatCompact(9999, 'en_US')).toBe('9999');
    expect(formatCompact(NaN, 'en_US')).toBe(DASH);
  });

  it('binds every writer to the language and time zone', () => {
    const f = formatFor('en_US', 'UTC');
    expect(f.dateTime(T + 12 * 3600_000)).toBe('12/06/2026, 15:15');
    expect(f.axisTime(T, true)).toBe('12/06 03:15');
    expect(f.money('1000', 'USD')).toBe('$1,000');
    expect(f.grouped('1000', 'BTC')).toBe(`1,000${NBSP}BTC`);
  });
});
