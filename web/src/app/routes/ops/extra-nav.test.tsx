import { describe, expect, it } from 'vitest';
import { extraNavItems, extraNavKeyOf } from './extra-nav';

describe('extra nav', () => {
  it('shows content to every role and coin editing to the coins right', () => {
    expect(extraNavItems({ permissions: ['read'] }).map((i) => i.key)).toEqual(['content']);
    expect(extraNavItems({ permissions: ['read', 'coins'] }).map((i) => i.key)).toEqual(['content', 'coinEdit']);
    expect(extraNavItems(undefined)).toEqual([]);
  });

  it('knows which entry a path is under', () => {
    expect(extraNavKeyOf('/content')).toBe('content');
    expect(extraNavKeyOf('/content/faq/3')).toBe('content');
    expect(extraNavKeyOf('/coin-edit/BTC')).toBe('coinEdit');
    expect(extraNavKeyOf('/coins')).toBeUndefined();
    expect(extraNavKeyOf('/contentious')).toBeUndefined();
  });
});
