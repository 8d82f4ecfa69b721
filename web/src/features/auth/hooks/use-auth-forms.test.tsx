import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, getToken } from '@/lib/storage';
import { REGISTER_PASS_KEEP_MS, useLoginForm, useRegisterForm, type AuthForm } from './use-auth-forms';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

function fakeForm(values: Record<string, unknown> = {}) {
  const set: Array<Array<{ name: string; value?: unknown; errors: string[] }>> = [];
  const form: AuthForm = {
    setFields: (f) => set.push(f),
    getFieldValue: (n) => values[n],
    validateFields: () => Promise.resolve(values),
  };
  return { form, set };
}

describe('auth form glue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('login may be pressed once the tab\'s fields are filled, terms or not (the agree rule warns on submit); a phone shows the +86 prefix', async () => {
    const { form } = fakeForm();
    const { result } = renderHook(() => useLoginForm(form, vi.fn()), { wrapper });
    expect(result.current.ready).toBe(false);
    act(() => result.current.onValuesChange({}, { account: '13800138000', password: '', agree: true }));
    expect(result.current.mode).toBe('phone');
    expect(result.current.ready).toBe(false);
    act(() => result.current.onValuesChange({}, { account: '13800138000', password: 'secret12', agree: false }));
    expect(result.current.ready).toBe(true);
    await expect(result.current.rules.agree.validator(null, false)).rejects.toThrow();
    await expect(result.current.rules.agree.validator(null, true)).resolves.toBeUndefined();
    // The code tab wants a code, not a password.
    act(() => result.current.setMethod('code'));
    expect(result.current.ready).toBe(false);
    act(() => result.current.onValuesChange({}, { account: 'a@example.com', code: '123456', agree: true }));
    expect(result.current.mode).toBe('email');
    expect(result.current.ready).toBe(true);
  });

  it('switching the register tab empties the code and clears the other contact field', () => {
    const { form, set } = fakeForm();
    const { result } = renderHook(() => useRegisterForm(form, vi.fn()), { wrapper });
    const filled = { nickName: 'miner', phone: '13800138000', code: '123456', password: 'Passw0rd!', repeat: 'Passw0rd!', agree: true };
    act(() => result.current.onValuesChange({}, filled));
    expect(result.current.ready).toBe(true);
    expect(result.current.passwordMax).toBeLessThan(25);
    act(() => result.current.switchTo('email'));
    expect(set.at(-1)).toEqual([
      { name: 'code', value: '', errors: [] },
      { name: 'phone', errors: [] },
    ]);
    expect(result.current.channel).toBe('email');
    expect(result.current.ready).toBe(false);
  });

  it('sign-up takes one slider: the code\'s pass stays shown, the submit asks for none and logs in', async () => {
    clearSession();
    const filled = { nickName: 'miner', email: 'a@example.com', code: '123456', password: 'Passw0rd!', repeat: 'Passw0rd!', agree: true };
    const { form } = fakeForm(filled);
    const send = vi
      .spyOn(api, 'send')
      .mockResolvedValueOnce({ data: null, msg: 'Code sent.' })
      .mockResolvedValueOnce({ data: { token: 'tok-3', user: { nickName: 'miner' } }, msg: 'Registration successful. You are logged in.' });
    const goHome = vi.fn();
    const { result } = renderHook(() => useRegisterForm(form, goHome), { wrapper });
    act(() => result.current.switchTo('email'));
    expect(result.current.captcha.verified).toBe(false);

    // "Get code": the slider opens once, its ticket goes with the send.
    let click: Promise<void> = Promise.resolve();
    act(() => {
      click = result.current.codeButton.click();
    });
    await vi.waitFor(() => expect(result.current.captcha.open).toBe(true));
    act(() => result.current.captcha.passed('ticket-1'));
    act(() => result.current.captcha.close());
    await act(() => click);
    expect(send.mock.calls[0]![1]!.query).toMatchObject({ email: 'a@example.com', scenes: 'register', ticket: 'ticket-1' });
    // The row goes on saying the slider is passed: nothing asks for it again.
    expect(result.current.captcha.verified).toBe(true);
    expect(REGISTER_PASS_KEEP_MS).toBeGreaterThanOrEqual(5 * 60_000);

    act(() => result.current.onValuesChange({}, filled));
    expect(result.current.ready).toBe(true);
    await act(async () => result.current.onFinish(filled));
    await vi.waitFor(() => expect(goHome).toHaveBeenCalledTimes(1));
    expect(result.current.captcha.open).toBe(false);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toBe('/pc/v1/common/customer/register/email');
    expect(send.mock.calls[1]![1]!.body).not.toHaveProperty('ticket');
    expect(getToken()).toBe('tok-3');
    expect(result.current.captcha.verified).toBe(true);
  });

  it('the register form hands the login page the contact typed and the terms ticked, and the login page takes them', () => {
    const { form } = fakeForm();
    const reg = renderHook(() => useRegisterForm(form, vi.fn()), { wrapper });
    expect(reg.result.current.carry).toEqual({});
    act(() => reg.result.current.switchTo('email'));
    act(() => reg.result.current.onValuesChange({}, { nickName: 'miner', email: ' a@example.com ', agree: true }));
    const carry = reg.result.current.carry;
    expect(carry).toEqual({ account: 'a@example.com', agree: true });

    const login = renderHook(() => useLoginForm(fakeForm().form, vi.fn(), carry), { wrapper });
    expect(login.result.current.initialValues).toEqual({ account: 'a@example.com', agree: true });
    expect(login.result.current.mode).toBe('email');
    // Nothing carried: an empty form with the terms unticked, as before.
    const bare = renderHook(() => useLoginForm(fakeForm().form, vi.fn()), { wrapper });
    expect(bare.result.current.initialValues).toEqual({ agree: false });
  });

  it('the login form hands the register page its phone or email, which opens the matching tab', () => {
    const login = renderHook(() => useLoginForm(fakeForm().form, vi.fn()), { wrapper });
    act(() => login.result.current.onValuesChange({}, { account: '13800138000', agree: true }));
    const byPhone = renderHook(() => useRegisterForm(fakeForm().form, vi.fn(), login.result.current.carry), { wrapper });
    expect(byPhone.result.current.channel).toBe('phone');
    expect(byPhone.result.current.initialValues).toEqual({ phone: '13800138000', agree: true });
    const byEmail = renderHook(() => useRegisterForm(fakeForm().form, vi.fn(), { account: 'b@example.com' }), { wrapper });
    expect(byEmail.result.current.channel).toBe('email');
    expect(byEmail.result.current.initialValues).toEqual({ email: 'b@example.com', agree: false });
  });
});
