import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldForm } from '@/lib/field-form';
import { setSession } from '@/lib/storage';
import { useVerify } from './use-verify';

let enabled = false;

beforeEach(() => {
  setSession('tok', { uid: '12345678', nickName: 'miner', email: 'a@example.com' });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/pc/v1/customer/2fa/status') return new Response(JSON.stringify({ code: 0, data: { enabled, recoveryCodesLeft: enabled ? 10 : 0 } }));
    return new Response(JSON.stringify({ code: 3, msg: `no answer for ${path}` }));
  });
});
afterEach(() => vi.restoreAllMocks());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);
const form = { setFields: () => {} } as unknown as FieldForm;

describe('useVerify with two-factor sign-in', () => {
  it('sends no authenticator code while it is off', async () => {
    enabled = false;
    const { result } = renderHook(() => useVerify('withdraw', form), { wrapper });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(result.current.totp).toBe(false);
    expect(result.current.of('123456', '654321')).toEqual({ verifyType: 'email', code: '123456' });
  });

  it('asks for it and sends it as totpCode while it is on', async () => {
    enabled = true;
    const { result } = renderHook(() => useVerify('addressBook', form), { wrapper });
    await waitFor(() => expect(result.current.totp).toBe(true));
    expect(result.current.of(' 123456 ', '654 321')).toEqual({ verifyType: 'email', code: '123456', totpCode: '654321' });
    expect(result.current.of('123456', undefined)).toEqual({ verifyType: 'email', code: '123456', totpCode: '' });
  });
});
