import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBMIT_THROTTLE_MS, useSubmitThrottle } from './use-submit-throttle';

describe('useSubmitThrottle (SPEC 5: login and register clicks throttled at 300 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts clicks closer than 300 ms once, and always calls the latest submit', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useSubmitThrottle(fn), { initialProps: { fn: first } });
    result.current('a');
    result.current('b');
    vi.advanceTimersByTime(SUBMIT_THROTTLE_MS - 1);
    result.current('c');
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledWith('a');
    rerender({ fn: second });
    vi.advanceTimersByTime(1);
    result.current('d');
    expect(second).toHaveBeenCalledWith('d');
  });
});
