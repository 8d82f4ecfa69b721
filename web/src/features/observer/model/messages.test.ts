import { describe, expect, it } from 'vitest';
import { parseMessageId, unreadOf } from './messages';

describe('parseMessageId', () => {
  it('takes the three kinds of id', () => {
    expect(parseMessageId('device-42')).toBe('device-42');
    expect(parseMessageId(' announcement-7 ')).toBe('announcement-7');
    expect(parseMessageId('earningsSettled-LTC-2026-11-25')).toBe('earningsSettled-LTC-2026-11-25');
  });
  it('refuses anything else', () => {
    for (const bad of [null, '', 'device-0', 'device-x', 'notice-1', 'earningsSettled-LTC-25-11-2026', 'device-1; drop']) {
      expect(parseMessageId(bad)).toBeNull();
    }
  });
});

describe('unreadOf', () => {
  it('is a whole count from 0', () => {
    expect(unreadOf(3)).toBe(3);
    expect(unreadOf('2')).toBe(2);
    expect(unreadOf(-1)).toBe(0);
    expect(unreadOf('junk')).toBe(0);
    expect(unreadOf(undefined)).toBe(0);
  });
});
