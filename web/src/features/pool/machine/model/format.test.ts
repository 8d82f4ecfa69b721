import { describe, expect, it } from 'vitest';
import { DASH, durationText, formatBytes, rangeText, formatTime, orDash, parseDeviceId, scale, splitDuration, usageLevel, usagePercent, verdict, withUnit } from './format';

describe('device figures', () => {
  it('shows unknown values as a dash', () => {
    expect(orDash(null)).toBe(DASH);
    expect(orDash('  ')).toBe(DASH);
    expect(orDash('Ubuntu')).toBe('Ubuntu');
    expect(orDash(0)).toBe('0');
    expect(withUnit(null, '°C')).toBe(DASH);
    expect(withUnit(55.6, '°C')).toBe('56 °C');
    expect(withUnit(12.345, '%', 1)).toBe('12.3 %');
  });
  it('writes sizes in 1024s', () => {
    expect(formatBytes(8 * 2 ** 30)).toBe('8.0 GB');
    expect(formatBytes(64 * 2 ** 30)).toBe('64 GB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1.5 * 2 ** 40)).toBe('1.5 TB');
    expect(formatBytes(null)).toBe(DASH);
  });
  it('gives usage as a percentage with a level', () => {
    expect(usagePercent(2 * 2 ** 30, 8 * 2 ** 30)).toBe(25);
    expect(usagePercent(9, 64)).toBe(14.1);
    expect(usagePercent(null, 8)).toBeNull();
    expect(usagePercent(1, 0)).toBeNull();
    expect(usagePercent(10, 5)).toBe(100);
    expect(usageLevel(25)).toBe('ok');
    expect(usageLevel(75)).toBe('high');
    expect(usageLevel(95)).toBe('full');
    expect(usageLevel(null)).toBe('unknown');
  });
  it('splits durations', () => {
    expect(splitDuration(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(splitDuration(3 * 86400 + 4 * 3600 + 5 * 60 + 59)).toEqual({ days: 3, hours: 4, minutes: 5 });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
  it('writes times in the reader’s language and time zone, a dash for never', () => {
    const t = Date.UTC(2026, 2, 14, 1, 2, 3);
    expect(formatTime(t, 'en_US', 'UTC')).toBe('03/14/2026, 01:02:03');
    expect(formatTime(t, 'zh_CN', 'Asia/Shanghai')).toContain('09:02:03');
    expect(formatTime(0, 'en_US')).toBe(DASH);
  });
  it('reads the device id', () => {
    expect(parseDeviceId('12')).toBe(12);
    expect(parseDeviceId(' 7 ')).toBe(7);
    expect(parseDeviceId('0')).toBe(0);
    expect(parseDeviceId('-3')).toBe(0);
    expect(parseDeviceId('abc')).toBe(0);
    expect(parseDeviceId(null)).toBe(0);
  });
});

describe('expected against effective', () => {
  it('places the rig’s figure against the pool’s range', () => {
    expect(verdict(null, 1, 2, 10, true)).toBe('noReport');
    expect(verdict(100, 0, 0, 0, true)).toBe('noShares');
    expect(verdict(50, 80, 120, 40, true)).toBe('below');
    expect(verdict(100, 80, 120, 40, true)).toBe('within');
    expect(verdict(80, 80, 120, 40, true)).toBe('within');
    expect(verdict(130, 80, 120, 40, true)).toBe('above');
    // A rig that started inside the window is measuring: no warning against its own figure.
    expect(verdict(130, 80, 120, 40, false)).toBe('measuring');
    expect(verdict(50, 80, 120, 40, false)).toBe('measuring');
    expect(verdict(null, 80, 120, 40, false)).toBe('noReport');
  });
  it('puts everything on one scale with headroom', () => {
    const s = scale(100, 80, 120, 115);
    expect(s.high).toBe(87);
    expect(s.low).toBe(58);
    expect(s.pool).toBe(72.5);
    expect(s.reported).toBe(83.3);
    expect(scale(0, 0, 0, null)).toEqual({ low: 0, high: 0, pool: 0, reported: null });
  });
});

describe('durationText', () => {
  it('uses the largest unit that is not zero', () => {
    expect(durationText({ days: 2, hours: 0, minutes: 5 }).key).toBe('duration.dhm');
    expect(durationText({ days: 0, hours: 3, minutes: 0 }).key).toBe('duration.hm');
    expect(durationText({ days: 0, hours: 0, minutes: 0 }).key).toBe('duration.m');
  });
});

describe('rangeText', () => {
  it('writes the unit once when both ends share it', () => {
    expect(rangeText({ show: '1.20', unit: 'KH/s' }, { show: '3.40', unit: 'KH/s' })).toBe('1.20 – 3.40 KH/s');
    expect(rangeText({ show: '282.19', unit: 'H/s' }, { show: '8.42', unit: 'KH/s' })).toBe('282.19 H/s – 8.42 KH/s');
  });
});
