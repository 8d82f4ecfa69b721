import { describe, expect, it } from 'vitest';
import { shorten } from './shorten';

describe('shorten', () => {
  it('keeps the ends of a long value', () => {
    expect(shorten('0123456789abcdefghij', 4)).toBe('0123…ghij');
  });
  it('leaves a value that would not get shorter, or no keep, as it is', () => {
    expect(shorten('012345678', 4)).toBe('012345678');
    expect(shorten('0123456789abcdefghij')).toBe('0123456789abcdefghij');
  });
});
