import { describe, expect, it } from 'vitest';
import { displayName, formatRegistDate, maskEmail, maskPhone } from './mask';

describe('masking (SPEC 5)', () => {
  it('phone: first 3 and last 4 digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('1380013')).toBe('1380013');
    expect(maskPhone('123')).toBe('123');
    expect(maskPhone(undefined)).toBe('');
  });
  it('email: first 3 characters before the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('ali***@example.com');
    expect(maskEmail('al@example.com')).toBe('al***@example.com');
    expect(maskEmail('矿工小王@example.com')).toBe('矿工小***@example.com');
    expect(maskEmail('not-an-email')).toBe('not-an-email');
    expect(maskEmail(null)).toBe('');
  });
});

describe('displayName', () => {
  it('takes whichever name field is filled', () => {
    expect(displayName({ nickName: 'a', userName: 'b' })).toBe('a');
    expect(displayName({ userName: 'b' })).toBe('b');
    expect(displayName({ username: 'c' })).toBe('c');
    expect(displayName(null)).toBe('');
  });
});

describe('formatRegistDate', () => {
  const ms = Date.UTC(2026, 0, 31, 18, 5); // 2026-01-31 18:05 UTC
  it('shows Unix milliseconds in the viewer time zone', () => {
    expect(formatRegistDate(ms, 'en_US', 'Asia/Shanghai')).toBe('02/01/2026, 02:05');
    expect(formatRegistDate(ms, 'en_US', 'America/New_York')).toBe('01/31/2026, 13:05');
    expect(formatRegistDate(ms, 'zh_CN', 'Asia/Shanghai')).toBe('2026/02/01 02:05');
  });
  it('accepts a string and gives nothing for no date', () => {
    expect(formatRegistDate(String(ms), 'en_US', 'UTC')).toBe('01/31/2026, 18:05');
    expect(formatRegistDate(undefined, 'en_US')).toBe('');
    expect(formatRegistDate(0, 'en_US')).toBe('');
  });
});

describe('formatRegistDate at midnight', () => {
  it('writes the first hour of a day as 00, not 24', () => {
    // 2026-11-26 15:09 UTC is 00:09 on the 27th in Tokyo.
    expect(formatRegistDate(Date.UTC(2026, 10, 26, 15, 9), 'en_US', 'Asia/Tokyo')).toBe('11/27/2026, 00:09');
  });
});
