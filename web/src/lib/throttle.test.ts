import { describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  it('runs the first call of each window and drops the rest', () => {
    let now = 1000;
    const fn = vi.fn();
    const th = throttle(fn, 1000, () => now);
    expect(th('a')).toBe(true);
    expect(th('b')).toBe(false);
    now += 999;
    expect(th('c')).toBe(false);
    now += 1;
    expect(th('d')).toBe(true);
    expect(fn.mock.calls).toEqual([['a'], ['d']]);
  });
});
