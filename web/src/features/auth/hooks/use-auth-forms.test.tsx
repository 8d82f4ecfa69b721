import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLoginForm, useRegisterForm, type AuthForm } from './use-auth-forms';

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
});
