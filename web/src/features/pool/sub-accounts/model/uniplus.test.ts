import { describe, expect, it } from 'vitest';
import { MASK, freshFor, maskUniplus } from './uniplus';

describe('the Uniplus ID on the connect panel', () => {
  it('shows the kept prefix and masks the rest', () => {
    expect(maskUniplus('UP-3f9a')).toBe(`UP-3f9a${MASK}`);
    expect(maskUniplus('')).toBe(`UP-${MASK}`);
    expect(maskUniplus('UP-3f9a')).not.toMatch(/[0-9a-f]{5}/);
  });

  it('gives a fresh ID only to the sub-account it was made for', () => {
    const fresh = { code: 'alice', uniplusId: `UP-${'a'.repeat(64)}` };
    expect(freshFor(fresh, 'alice')).toBe(fresh.uniplusId);
    expect(freshFor(fresh, 'bob')).toBe('');
    expect(freshFor(null, 'alice')).toBe('');
  });
});
