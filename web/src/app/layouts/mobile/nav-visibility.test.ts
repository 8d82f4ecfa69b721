import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navModeOnScroll, useNavMode } from './nav-visibility';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('navModeOnScroll', () => {
  it('hides past 45 px and returns to the flow at the top', () => {
    expect(navModeOnScroll('static', 45)).toBe('static');
    expect(navModeOnScroll('static', 46)).toBe('hidden');
    expect(navModeOnScroll('hidden', 300)).toBe('hidden');
    expect(navModeOnScroll('fixed', 300)).toBe('fixed');
    expect(navModeOnScroll('fixed', 10)).toBe('static');
  });
});

describe('useNavMode', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    scrollTo(0);
  });

  it('hides, then comes back fixed after 200 ms', () => {
    const { result } = renderHook(() => useNavMode());
    expect(result.current).toBe('static');
    act(() => scrollTo(100));
    expect(result.current).toBe('hidden');
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(result.current).toBe('hidden');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('fixed');
    act(() => scrollTo(20));
    expect(result.current).toBe('static');
  });
});
