import { describe, expect, it } from 'vitest';
import { displayName, maskEmail, maskPhone } from './mask';

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
