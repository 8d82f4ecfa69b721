import { describe, expect, it } from 'vitest';
import { coinAmount, groupDigits, hashRate, isExternal, money } from './format';

describe('phone figures', () => {
  it('groups thousands without touching the decimals', () => {
    expect(groupDigits('96500.00')).toBe('96,500.00');
    expect(groupDigits('1234567.123456')).toBe('1,234,567.123456');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('-12345')).toBe('-12,345');
    expect(groupDigits('n/a')).toBe('n/a');
  });

  it('writes money with the symbol of its fiat, the sign first', () => {
    expect(money('96500.00', 'USD')).toBe('$96,500.00');
    expect(money('685150.00', 'CNY')).toBe('¥685,150.00');
    expect(money('-69.71', 'USD')).toBe('-$69.71');
    expect(money('', 'USD')).toBe('—');
    expect(money('5', 'EUR')).toBe('5 EUR');
  });

  it('writes coins and hashrates with their units', () => {
    expect(coinAmount('0.00001234', 'BTC')).toBe('0.00001234 BTC');
    expect(coinAmount('', 'BTC')).toBe('—');
    expect(hashRate('1.25', 'TH/s')).toBe('1.25 TH/s');
    expect(hashRate('', 'TH/s')).toBe('—');
  });

  it('opens only absolute http(s) addresses in a new tab', () => {
    expect(isExternal('https://example.com/guide')).toBe(true);
    expect(isExternal('HTTP://example.com')).toBe(true);
    expect(isExternal('/tutorial/btc')).toBe(false);
    expect(isExternal('/ironFish')).toBe(false);
  });
});
