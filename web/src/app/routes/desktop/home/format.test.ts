import { describe, expect, it } from 'vitest';
import { coinAmount, DASH, groupDecimal, isExternal, money } from './format';

describe('home table formatting', () => {
  it('groups the whole part and keeps the decimals the server sent', () => {
    expect(groupDecimal('96500.50')).toBe('96,500.50');
    expect(groupDecimal('1234567')).toBe('1,234,567');
    expect(groupDecimal('999.99')).toBe('999.99');
    expect(groupDecimal('0.00012300')).toBe('0.00012300');
    expect(groupDecimal('-1234.5')).toBe('-1,234.5');
    expect(groupDecimal('n/a')).toBe('n/a');
  });

  it('shows a dash for a figure the pool has not measured', () => {
    expect(money('$', '')).toBe(DASH);
    expect(money('¥', '685150.25')).toBe('¥685,150.25');
    expect(coinAmount('', 'BTC')).toBe(DASH);
    expect(coinAmount('0.01113743', 'BTC')).toBe('0.01113743 BTC');
  });

  it('opens only absolute http(s) addresses in a new tab', () => {
    expect(isExternal('https://example.com/guide')).toBe(true);
    expect(isExternal('HTTP://example.com')).toBe(true);
    expect(isExternal('/tutorial/btc')).toBe(false);
    expect(isExternal('/ironFish')).toBe(false);
  });
});
