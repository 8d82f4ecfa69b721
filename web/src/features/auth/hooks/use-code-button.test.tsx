import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { CaptchaTicket } from './use-captcha-ticket';
import { CODE_RESEND_SECONDS, useCodeButton } from './use-code-button';

function captchaWith(tickets: Array<string | null>): CaptchaTicket {
  return {
    open: false,
    verified: false,
    verify: vi.fn(),
    request: vi.fn(async () => tickets.shift() ?? null),
    take: vi.fn(() => null),
    passed: vi.fn(),
    close: vi.fn(),
  };
}

describe('useCodeButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends with the slider ticket, then blocks for 60 s with a countdown', async () => {
    const captcha = captchaWith(['ticket-1', 'ticket-2']);
    const send = vi.fn(async () => ({ data: null, msg: 'Code sent.' }));
    const { result } = renderHook(() => useCodeButton({ captcha, prepare: () => true, send }));
    expect(result.current.label).toBe('Get code');
    await act(() => result.current.click());
    expect(send).toHaveBeenCalledWith('ticket-1');
    expect(result.current.remaining).toBe(CODE_RESEND_SECONDS);
    expect(result.current.blocked).toBe(true);
    expect(result.current.label).toBe('Resend in 60 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.label).toBe('Resend in 59 s');
    // Blocked: a click during the countdown sends nothing.
    await act(() => result.current.click());
    expect(send).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.blocked).toBe(false);
    expect(result.current.label).toBe('Get code');
    await act(() => result.current.click());
    expect(send).toHaveBeenLastCalledWith('ticket-2');
  });

  it('checks the target first and stops when it is wrong', async () => {
    const captcha = captchaWith(['ticket-1']);
    const send = vi.fn();
    const { result } = renderHook(() => useCodeButton({ captcha, prepare: async () => false, send }));
    await act(() => result.current.click());
    expect(captcha.request).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('does nothing when the slider is closed without a pass', async () => {
    const captcha = captchaWith([null]);
    const send = vi.fn();
    const { result } = renderHook(() => useCodeButton({ captcha, prepare: () => true, send }));
    await act(() => result.current.click());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.blocked).toBe(false);
  });

  it('shows the server message on error and allows a new try at once', async () => {
    const captcha = captchaWith(['ticket-1', 'ticket-2']);
    const onError = vi.fn();
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('code', 'Please wait 42 s before asking for a new code.', 3))
      .mockResolvedValueOnce({ data: null, msg: '' });
    const { result } = renderHook(() => useCodeButton({ captcha, prepare: () => true, send, onError }));
    await act(() => result.current.click());
    expect(onError).toHaveBeenCalledWith('Please wait 42 s before asking for a new code.');
    expect(result.current.blocked).toBe(false);
    await act(() => result.current.click());
    expect(send).toHaveBeenCalledTimes(2);
    expect(result.current.remaining).toBe(60);
  });
});
