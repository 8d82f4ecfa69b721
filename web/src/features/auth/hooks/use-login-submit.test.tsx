import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getToken } from '@/lib/storage';
import type { CaptchaTicket } from './use-captcha-ticket';
import { LOGIN_SUCCESS_MS, useLoginSubmit } from './use-login-submit';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

const captcha = { request: () => Promise.resolve('ticket-1') } as unknown as CaptchaTicket;
const user = { uid: '12345678', nickName: 'miner', email: 'a@example.com' };
const values = { account: 'a@example.com', password: 'Passw0rd!', agree: true };

/** later moves past the 300 ms submit throttle. */
const later = () => act(async () => void vi.advanceTimersByTime(400));

describe('useLoginSubmit with two-factor sign-in', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    localStorage.clear();
    vi.mocked(notify).mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('a challenge keeps no token and asks for the code; the right code logs in and goes home', async () => {
    const send = vi
      .spyOn(api, 'send')
      .mockResolvedValueOnce({ data: { twoFactor: true, challenge: 'c0ffee' }, msg: 'ok' })
      .mockRejectedValueOnce(new ApiError('code', 'The code is wrong or was already used.', 3))
      .mockResolvedValueOnce({ data: { token: 'tok-1', user }, msg: 'Login successful.' });
    const goHome = vi.fn();
    const { result } = renderHook(() => useLoginSubmit(captcha, goHome), { wrapper });

    await act(async () => result.current.submit(values, 'pwd'));
    expect(send.mock.calls[0]![0]).toBe('/pc/v1/common/customer/login/email/pwd');
    expect(getToken()).toBeNull();
    const step = result.current.secondStep!;
    expect(step).not.toBeNull();
    expect(step.recovery).toBe(false);
    expect(step.ready('12345')).toBe(false);
    expect(step.ready('123456')).toBe(true);
    expect(result.current.pending).toBe(false);

    await later();
    await act(async () => result.current.secondStep!.submit('111 111'));
    expect(send.mock.calls[1]).toEqual(['/pc/v1/common/customer/login/2fa', { method: 'POST', body: { challenge: 'c0ffee', code: '111111' }, quiet: true }]);
    expect(result.current.secondStep!.error).toBe('The code is wrong or was already used.');
    expect(goHome).not.toHaveBeenCalled();

    await later();
    await act(async () => result.current.secondStep!.submit('222222'));
    expect(getToken()).toBe('tok-1');
    expect(result.current.secondStep!.pending).toBe(true);
    expect(notify).toHaveBeenCalledWith('success', 'Login successful.', { durationMs: LOGIN_SUCCESS_MS });
    await act(async () => void vi.advanceTimersByTime(LOGIN_SUCCESS_MS));
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it('a recovery code is asked for after the switch and has its own shape', async () => {
    vi.spyOn(api, 'send').mockResolvedValueOnce({ data: { twoFactor: true, challenge: 'c1' }, msg: '' });
    const { result } = renderHook(() => useLoginSubmit(captcha, vi.fn()), { wrapper });
    await act(async () => result.current.submit({ account: 'a@example.com', code: '123456', agree: true }, 'code'));
    act(() => result.current.secondStep!.setRecovery(true));
    expect(result.current.secondStep!.recovery).toBe(true);
    expect(result.current.secondStep!.ready('123456')).toBe(false);
    expect(result.current.secondStep!.ready('abcde-fghjk')).toBe(true);
  });

  it('a challenge the server no longer knows goes back to the form with its message', async () => {
    vi.spyOn(api, 'send')
      .mockResolvedValueOnce({ data: { twoFactor: true, challenge: 'c2' }, msg: '' })
      .mockRejectedValueOnce(new ApiError('code', 'This sign-in has expired. Log in again.', 3, { challengeGone: true }));
    const { result } = renderHook(() => useLoginSubmit(captcha, vi.fn()), { wrapper });
    await act(async () => result.current.submit(values, 'pwd'));
    await later();
    await act(async () => result.current.secondStep!.submit('123456'));
    expect(result.current.secondStep).toBeNull();
    expect(result.current.error).toBe('This sign-in has expired. Log in again.');
  });

  it('a refusal after five tries or five minutes of the challenge ends it, as the server rules', async () => {
    const wrong = new ApiError('code', 'The code is wrong or was already used.', 3);
    const gone = new ApiError('code', 'This sign-in has expired. Log in again.', 3);
    const send = vi.spyOn(api, 'send').mockResolvedValueOnce({ data: { twoFactor: true, challenge: 'c4' }, msg: '' });
    for (let i = 0; i < 5; i++) send.mockRejectedValueOnce(wrong);
    send.mockRejectedValueOnce(gone);
    const { result } = renderHook(() => useLoginSubmit(captcha, vi.fn()), { wrapper });
    await act(async () => result.current.submit(values, 'pwd'));
    for (let i = 0; i < 5; i++) {
      await later();
      await act(async () => result.current.secondStep!.submit('123456'));
      expect(result.current.secondStep!.error).toBe('The code is wrong or was already used.');
    }
    await later();
    await act(async () => result.current.secondStep!.submit('123456'));
    expect(result.current.secondStep).toBeNull();
    expect(result.current.error).toBe('This sign-in has expired. Log in again.');

    // Five minutes after the first step, the next refusal is the expiry.
    send.mockResolvedValueOnce({ data: { twoFactor: true, challenge: 'c5' }, msg: '' }).mockRejectedValueOnce(gone);
    await later();
    await act(async () => result.current.submit(values, 'pwd'));
    await act(async () => void vi.advanceTimersByTime(5 * 60_000));
    await act(async () => result.current.secondStep!.submit('123456'));
    expect(result.current.secondStep).toBeNull();
    expect(result.current.error).toBe('This sign-in has expired. Log in again.');
  });

  it('back leaves the second step; a login without two-factor sign-in never shows it', async () => {
    vi.spyOn(api, 'send')
      .mockResolvedValueOnce({ data: { twoFactor: true, challenge: 'c3' }, msg: '' })
      .mockResolvedValueOnce({ data: { token: 'tok-2', user }, msg: '' });
    const { result } = renderHook(() => useLoginSubmit(captcha, vi.fn()), { wrapper });
    await act(async () => result.current.submit(values, 'pwd'));
    act(() => result.current.secondStep!.back());
    expect(result.current.secondStep).toBeNull();
    expect(result.current.error).toBeNull();
    await later();
    await act(async () => result.current.submit(values, 'pwd'));
    expect(result.current.secondStep).toBeNull();
    expect(getToken()).toBe('tok-2');
    expect(result.current.pending).toBe(true);
  });
});
