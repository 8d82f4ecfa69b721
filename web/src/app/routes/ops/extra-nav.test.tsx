import { describe, expect, it } from 'vitest';
import { NAV } from '@/features/ops/models';
import { extraNavItems, extraNavKeyOf } from './extra-nav';

// NAV (the console's own menu) may list an entry itself; this menu then leaves it out.
const inNav = (key: string) => NAV.some((n) => (n.key as string) === key);
const own = (keys: string[]) => keys.filter((k) => !inNav(k));

describe('extra nav', () => {
  it('shows content to every role and coin editing to the coins right', () => {
    expect(extraNavItems({ permissions: ['read'] }).map((i) => i.key)).toEqual(own(['content']));
    expect(extraNavItems({ permissions: ['read', 'coins'] }).map((i) => i.key)).toEqual(own(['content', 'coinEdit']));
    expect(extraNavItems(undefined)).toEqual([]);
  });

  it('knows which entry a path is under', () => {
    expect(extraNavKeyOf('/content')).toBe('content');
    expect(extraNavKeyOf('/content/faq/3')).toBe('content');
    if (!inNav('coinEdit')) expect(extraNavKeyOf('/coin-edit/BTC')).toBe('coinEdit');
    expect(extraNavKeyOf('/coins')).toBeUndefined();
    expect(extraNavKeyOf('/contentious')).toBeUndefined();
  });
});
