import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TICKET_TTL_MS, useCaptchaTicket } from './use-captcha-ticket';

describe('useCaptchaTicket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a ticket passed ahead of an action is used once', () => {
    const { result } = renderHook(() => useCaptchaTicket());
    act(() => result.current.verify());
    expect(result.current.open).toBe(true);
    act(() => result.current.passed('t-1'));
    act(() => result.current.close());
    expect(result.current.verified).toBe(true);
    let first: string | null = null;
    act(() => {
      first = result.current.take();
    });
    expect(first).toBe('t-1');
    expect(result.current.verified).toBe(false);
    expect(result.current.take()).toBeNull();
  });

  it('request opens the slider when no ticket waits and resolves with the pass', async () => {
    const { result } = renderHook(() => useCaptchaTicket());
    let got: Promise<string | null> = Promise.resolve(null);
    act(() => {
      got = result.current.request();
    });
    expect(result.current.open).toBe(true);
    act(() => result.current.passed('t-2'));
    await expect(got).resolves.toBe('t-2');
    // Handed straight to the action: nothing is left waiting.
    expect(result.current.verified).toBe(false);
  });

  it('request resolves null when the box closes without a pass', async () => {
    const { result } = renderHook(() => useCaptchaTicket());
    let got: Promise<string | null> = Promise.resolve('x');
    act(() => {
      got = result.current.request();
    });
    act(() => result.current.close());
    await expect(got).resolves.toBeNull();
    expect(result.current.open).toBe(false);
  });

  it('a waiting ticket expires before the server forgets it (2 minutes)', () => {
    const { result } = renderHook(() => useCaptchaTicket());
    act(() => result.current.passed('t-3'));
    act(() => vi.advanceTimersByTime(TICKET_TTL_MS));
    expect(result.current.verified).toBe(false);
    expect(result.current.take()).toBeNull();
    expect(TICKET_TTL_MS).toBeLessThan(120_000);
  });

  it('with keepPassedMs the form goes on showing the pass once an action used its ticket, and the ticket stays single use', async () => {
    const { result } = renderHook(() => useCaptchaTicket({ keepPassedMs: 600_000 }));
    let got: Promise<string | null> = Promise.resolve(null);
    act(() => {
      got = result.current.request();
    });
    act(() => result.current.passed('t-4'));
    act(() => result.current.close());
    await expect(got).resolves.toBe('t-4');
    // The row says "verified" for the kept time, though no ticket waits any more.
    expect(result.current.verified).toBe(true);
    expect(result.current.take()).toBeNull();
    act(() => vi.advanceTimersByTime(599_000));
    expect(result.current.verified).toBe(true);
    // A second action still needs a ticket of its own: the slider opens again.
    act(() => {
      got = result.current.request();
    });
    expect(result.current.open).toBe(true);
    act(() => result.current.close());
    await expect(got).resolves.toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.verified).toBe(false);
  });

  it('with keepPassedMs a ticket passed ahead and taken keeps the pass shown too; one never used expires as before', () => {
    const { result } = renderHook(() => useCaptchaTicket({ keepPassedMs: 600_000 }));
    act(() => result.current.passed('t-5'));
    act(() => vi.advanceTimersByTime(TICKET_TTL_MS));
    expect(result.current.verified).toBe(false);
    act(() => result.current.passed('t-6'));
    act(() => {
      expect(result.current.take()).toBe('t-6');
    });
    expect(result.current.verified).toBe(true);
    act(() => vi.advanceTimersByTime(600_000));
    expect(result.current.verified).toBe(false);
  });
});
