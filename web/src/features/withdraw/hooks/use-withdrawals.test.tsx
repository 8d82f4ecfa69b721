import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/storage';
import { fakeApi, ok, queryWrapper, type Call } from '@/testing/fake-api';
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

let calls: Call[];
/** asked lists the sub-accounts the list was asked for ('(all)' for none). */
const asked = () => calls.filter((c) => c.path.startsWith('/api/pc/v1/customer/withdraw/list')).map((c) => new URL(c.path, 'http://localhost').searchParams.get('subAccount') ?? '(all)');

beforeEach(() => {
  setSession('tok', { uid: '12345678', nickName: 'miner', email: 'a@example.com' });
  calls = fakeApi(({ url }) => (url.pathname === '/api/pc/v1/customer/withdraw/list' ? ok({ rows: [withdrawal], total: 1, page: 1, pageSize: 10 }) : undefined), { withQuery: true });
});

afterEach(() => vi.restoreAllMocks());

const wrapper = () => queryWrapper();

describe('useWithdrawalHistory', () => {
  it('asks once, for the sub-account in the address, when the selection comes after the page', async () => {
    const { result, rerender } = renderHook(({ sub, ready }) => useWithdrawalHistory(sub, '', undefined, ready), {
      wrapper: wrapper(),
      initialProps: { sub: '', ready: false },
    });
    expect(result.current.loading).toBe(true);
    rerender({ sub: 'wide', ready: true });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(asked()).toEqual(['wide']);
  });

  it('writes amounts with their coin', async () => {
    const { result } = renderHook(() => useWithdrawalHistory('wide'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    const w = result.current.rows[0];
    expect(result.current.amount(w, 'received')).toBe('0.49900000\u00a0MINE');
    expect(result.current.amount(w, 'fee')).toBe('0.00100000\u00a0MINE');
  });
});
