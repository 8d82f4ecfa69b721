import { describe, expect, it } from 'vitest';
import { NEW_FOR_MS, formatHelpDate, formatHelpDateTime, isNew, isoDate } from './format-date';

// 2026-03-14 23:30 UTC: already 15 March in Beijing.
const AT = Date.UTC(2026, 2, 14, 23, 30);

describe('help dates', () => {
  it('shows the date in the reader language and time zone', () => {
    expect(formatHelpDate(AT, 'en_US', 'UTC')).toBe('03/14/2026');
    expect(formatHelpDate(AT, 'zh_CN', 'Asia/Shanghai')).toBe('2026/03/15');
    expect(formatHelpDate(AT, 'zh_HK', 'Asia/Hong_Kong')).toBe('15/03/2026');
    expect(formatHelpDate(AT, 'ko_KR', 'Asia/Seoul')).toBe('2026. 03. 15.');
    expect(formatHelpDate(String(AT), 'en_US', 'UTC')).toBe('03/14/2026');
  });

  it('adds the time on a 24-hour clock', () => {
    expect(formatHelpDateTime(AT, 'en_US', 'UTC')).toBe('03/14/2026, 23:30');
    expect(formatHelpDateTime(AT, 'zh_CN', 'Asia/Shanghai')).toContain('07:30');
  });

  it('shows nothing for a missing time', () => {
    for (const bad of [0, -5, null, undefined, Number.NaN, 'x']) {
      expect(formatHelpDate(bad as never, 'en_US')).toBe('');
      expect(formatHelpDateTime(bad as never, 'en_US')).toBe('');
    }
    expect(isoDate(0)).toBeUndefined();
    expect(isoDate(AT)).toBe('2026-03-14T23:30:00.000Z');
  });

  it('marks articles of the last week as new', () => {
    expect(isNew(AT, AT + 1000)).toBe(true);
    expect(isNew(AT, AT + NEW_FOR_MS - 1)).toBe(true);
    expect(isNew(AT, AT + NEW_FOR_MS)).toBe(false);
    expect(isNew(0, AT)).toBe(false);
    expect(isNew(AT + 3_600_000, AT)).toBe(false);
  });
});
