import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import { clearSession, getToken, getUserInfo, readInviteCode, session, sessionKeys } from '@/lib/storage';
import { useRegisterSubmit } from './use-register-submit';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
const values = { nickName: 'miner', password: 'Passw0rd!', repeat: 'Passw0rd!', email: 'a@example.com', code: '123456', agree: true };
const EXPIRED = 'Invitation link expired; register through the correct link.';

describe('useRegisterSubmit and the invite code', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a refused invite code shows the message and is forgotten, so the next try goes without it', async () => {
    session.set(sessionKeys.agentInviteCode, 'GONE');
    const send = vi
      .spyOn(api, 'send')
      .mockRejectedValueOnce(new ApiError('code', EXPIRED, 3, { inviteInvalid: true }))
      .mockResolvedValueOnce({ data: { token: 'tok-1', user: { nickName: 'miner' } }, msg: 'Registration successful. You are logged in.' });
    const goHome = vi.fn();
    const { result } = renderHook(() => useRegisterSubmit(goHome), { wrapper });
    await act(async () => result.current.submit(values, 'email'));
    await vi.waitFor(() => expect(result.current.error).toBe(EXPIRED));
    expect((send.mock.calls[0]![1]!.body as { agentInviteCode: string | null }).agentInviteCode).toBe('GONE');
    expect(readInviteCode()).toBeNull();
    expect(goHome).not.toHaveBeenCalled();

    await new Promise((r) => setTimeout(r, 350)); // the submit throttle
    await act(async () => result.current.submit(values, 'email'));
    await vi.waitFor(() => expect(goHome).toHaveBeenCalledTimes(1));
    expect((send.mock.calls[1]![1]!.body as { agentInviteCode: string | null }).agentInviteCode).toBeNull();
  });

  it('any other refusal keeps the invite code', async () => {
    session.set(sessionKeys.agentInviteCode, 'AGENT7');
    vi.spyOn(api, 'send').mockRejectedValueOnce(new ApiError('code', 'The verification code is wrong or has expired.', 3, null));
    const { result } = renderHook(() => useRegisterSubmit(vi.fn()), { wrapper });
    await act(async () => result.current.submit(values, 'email'));
    await vi.waitFor(() => expect(result.current.error).toBe('The verification code is wrong or has expired.'));
    expect(readInviteCode()).toBe('AGENT7');
  });

  it('a registration is a login: the answered session is kept and the visitor goes home, with no login form', async () => {
    clearSession();
    const client = new QueryClient();
    client.setQueryData(['account', 'baseInfo'], { nickName: 'someone before' });
    const send = vi
      .spyOn(api, 'send')
      .mockRejectedValueOnce(new ApiError('code', 'This email is already registered.', 3, null))
      .mockResolvedValueOnce({ data: { token: 'tok-2', user: { nickName: 'miner', email: 'a@example.com' } }, msg: 'Registration successful. You are logged in.' });
    const goHome = vi.fn();
    const { result } = renderHook(() => useRegisterSubmit(goHome), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    // A refusal keeps no session and stays on the form.
    await act(async () => result.current.submit(values, 'email'));
    await vi.waitFor(() => expect(result.current.error).toBe('This email is already registered.'));
    expect(getToken()).toBeNull();
    expect(goHome).not.toHaveBeenCalled();

    await new Promise((r) => setTimeout(r, 350)); // the submit throttle
    await act(async () => result.current.submit(values, 'email'));
    await vi.waitFor(() => expect(goHome).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toBe('/pc/v1/common/customer/register/email');
    expect(getToken()).toBe('tok-2');
    expect(getUserInfo()?.nickName).toBe('miner');
    // The previous visitor's answers are gone, as after a login.
    expect(client.getQueryData(['account', 'baseInfo'])).toBeUndefined();
    expect(result.current.error).toBeNull();
  });
});
