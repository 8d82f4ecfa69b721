import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/storage';
import type { Withdrawal } from '../model/types';
import { useWithdrawalHistory } from './use-withdrawals';

const withdrawal: Withdrawal = {
  id: 1,
  orderNo: 'W1',
  subAccount: 'wide',
  currencyType: 'MINE',
  kind: 'manual',
  amount: '0.50000000',
  fee: '0.00100000',
  received: '0.49900000',
  address: 'dvn1ab',
  network: 'MINE',
  remark: '',
  status: 'success',
  stage: '',
  txHash: 'ff',
  confirmations: 2,
  requiredConfirmations: 2,
  reason: '',
  createdAt: Date.UTC(2026, 10, 29, 8, 5, 9),
  updatedAt: 0,
};

let asked: string[];

beforeEach(() => {
  setSession('tok', { uid: '12345678', nickName: 'miner', email: 'a@example.com' });
  asked = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/pc/v1/customer/withdraw/list') asked.push(url.searchParams.get('subAccount') ?? '(all)');
    return new Response(JSON.stringify({ code: 0, msg: '', data: { rows: [withdrawal], total: 1, page: 1, pageSize: 10 } }));
  });
});

afterEach(() => vi.restoreAllMocks());

const wrapper = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
};

describe('useWithdrawalHistory', () => {
  it('asks once, for the sub-account in the address, when the selection comes after the page', async () => {
    const { result, rerender } = renderHook(({ sub, ready }) => useWithdrawalHistory(sub, '', undefined, ready), {
      wrapper: wrapper(),
      initialProps: { sub: '', ready: false },
    });
    expect(result.current.loading).toBe(true);
    rerender({ sub: 'wide', ready: true });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(asked).toEqual(['wide']);
  });

  it('writes amounts with their coin', async () => {
    const { result } = renderHook(() => useWithdrawalHistory('wide'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    const w = result.current.rows[0];
    expect(result.current.amount(w, 'received')).toBe('0.49900000\u00a0MINE');
    expect(result.current.amount(w, 'fee')).toBe('0.00100000\u00a0MINE');
  });
});
