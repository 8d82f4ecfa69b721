import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldForm } from '@/lib/field-form';
import { setSession } from '@/lib/storage';
import type { AddressEntry, WithdrawInfo } from '../model/types';
import { holdTime, useWithdrawForm } from './use-withdraw-form';
import { useSettingForm } from './use-withdraw-settings';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const entry = (id: number, lockedSeconds: number, description: string): AddressEntry => ({
  id,
  currencyType: 'MINE',
  address: `dvn1${id}`,
  network: 'MINE',
  description,
  usableAt: 0,
  lockedSeconds,
  createdAt: 0,
  updatedAt: 0,
});

let info: WithdrawInfo;
let posted: { path: string; body: unknown }[];

beforeEach(() => {
  setSession('tok', { uid: '12345678', nickName: 'miner', email: 'a@example.com' });
  posted = [];
  info = {
    currencyType: 'MINE',
    unit: 'MINE',
    decimals: 8,
    maxDecimals: 5,
    available: '1.00000000',
    frozen: '0.00000000',
    maxAmount: '1',
    fee: '0.001',
    minAmount: '0.00106',
    networks: ['MINE'],
    addresses: [entry(1, 0, 'cold')],
    verifyTypes: ['email'],
    holdUntil: 0,
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'Saved.', data }));
    if (init?.method === 'POST') {
      posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return ok(null);
    }
    switch (url.pathname) {
      case '/api/pc/v1/customer/withdraw/info':
        return ok(info);
      case '/api/pc/v1/customer/address/list':
        return ok([entry(1, 0, 'cold'), entry(2, 47 * 3600, 'new')]);
      case '/api/pc/v1/customer/2fa/status':
        return ok({ enabled: false, recoveryCodesLeft: 0 });
    }
    return new Response(JSON.stringify({ code: 3, msg: `no answer for ${url.pathname}` }));
  });
});
afterEach(() => vi.restoreAllMocks());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);
const form = { setFields: () => {}, setFieldsValue: () => {}, resetFields: () => {} } as unknown as FieldForm;

/** refusal is what a field rule says of a value ('' when it passes). */
const refusal = (rule: { validator: (r: unknown, v: unknown) => Promise<void> }, value: string) =>
  rule.validator(null, value).then(
    () => '',
    (e: Error) => e.message,
  );

describe('useWithdrawForm', () => {
  it('says until when withdrawals wait after a contact change, in the reader time zone, and nothing once the server says it is over', async () => {
    const until = Date.now() + 3 * 3600_000;
    info.holdUntil = until;
    const { result } = renderHook(() => useWithdrawForm(form, 'alice', 'MINE', vi.fn()), { wrapper });
    await waitFor(() => expect(result.current.hold).not.toBe(''));
    expect(result.current.hold).toBe(`Withdrawals are paused until ${holdTime(until, 'en_US')}: the phone or email of your account changed in the last 24 hours. New or changed addresses wait until then too.`);
    expect(holdTime(Date.UTC(2025, 2, 2, 6, 5), 'en_US')).toMatch(/03\/02\/2025, \d\d:05/);

    info.holdUntil = 0;
    const over = renderHook(() => useWithdrawForm(form, 'alice', 'MINE', vi.fn()), { wrapper });
    await waitFor(() => expect(over.result.current.info).toBeDefined());
    expect(over.result.current.hold).toBe('');
  });

  it('refuses an amount below minAmount before any call, naming the least', async () => {
    const { result } = renderHook(() => useWithdrawForm(form, 'alice', 'MINE', vi.fn()), { wrapper });
    await waitFor(() => expect(result.current.info).toBeDefined());
    await waitFor(async () => expect(await refusal(result.current.rules.amount, '0.001')).toBe('Withdrawal amount must be greater than the fee.'));
    expect(await refusal(result.current.rules.amount, '0.00105')).toBe('Withdraw at least 0.00106 MINE: after the fee, less would be below the smallest payment the network accepts.');
    expect(await refusal(result.current.rules.amount, '0.00106')).toBe('');
  });
});

describe('useSettingForm', () => {
  const setting = { currencyType: 'MINE', unit: 'MINE', decimals: 8, autoEnabled: false, amount: '', addressId: 0, address: '', minAmount: '0.01', fee: '0.001' };

  it('sends the second verification to turn on, none to turn off, and shows a locked address disabled', async () => {
    const { result } = renderHook(() => useSettingForm(form, 'alice', setting, vi.fn()), { wrapper });
    await waitFor(() => expect(result.current.options).toHaveLength(2));
    expect(result.current.options.map((o) => [o.value, o.disabled])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(result.current.verify.needed).toBe(true);
    await act(() => result.current.onFinish({ autoEnabled: true, amount: ' 0.5 ', addressId: 1, code: ' 123456 ' }));
    await act(() => result.current.onFinish({ autoEnabled: false, amount: '0.5', addressId: 1, code: '123456' }));
    expect(posted).toEqual([
      {
        path: '/api/pc/v1/customer/withdraw/setting',
        body: { subAccount: 'alice', currencyType: 'MINE', autoEnabled: true, amount: '0.5', addressId: 1, verifyType: 'email', code: '123456' },
      },
      { path: '/api/pc/v1/customer/withdraw/setting', body: { subAccount: 'alice', currencyType: 'MINE', autoEnabled: false, amount: '0.5', addressId: 1 } },
    ]);
  });
});
