import { describe, expect, it } from 'vitest';
import { isExternal } from './format';

describe('home links', () => {
  it('opens only absolute http(s) addresses in a new tab', () => {
    expect(isExternal('https://example.com/guide')).toBe(true);
    expect(isExternal('HTTP://example.com')).toBe(true);
    expect(isExternal('/tutorial/btc')).toBe(false);
    expect(isExternal('/ironFish')).toBe(false);
  });
});
