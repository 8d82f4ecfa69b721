import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/storage';
import { fakeApi, ok, queryWrapper, type Call } from '@/testing/fake-api';
import type { Asset } from '../model/types';
import { useAssetsOverview } from './use-assets';

const asset = (coin: string, available: string): Asset => ({
  coin,
  unit: coin,
  decimals: 8,
  available,
  frozen: '0',
  earned: available,
  withdrawn: '0',
  fiat: 'USD',
  fiatValue: '',
  price: '',
  minWithdraw: '0.001',
});

let calls: Call[];
/** asked lists the sub-accounts the list was asked for ('(all)' for none). */
const asked = () => calls.filter((c) => c.path.startsWith('/api/pc/v1/assets/overview')).map((c) => new URL(c.path, 'http://localhost').searchParams.get('subAccount') ?? '(all)');

beforeEach(() => {
  setSession('tok', { uid: '12345678', nickName: 'miner', email: 'a@example.com' });
  calls = fakeApi(({ url }) => (url.pathname === '/api/pc/v1/assets/overview' ? ok([asset('MINE', '1.50000000')]) : undefined), { withQuery: true });
});

afterEach(() => vi.restoreAllMocks());

const wrapper = () => queryWrapper();

describe('useAssetsOverview', () => {
  it('asks once, for the sub-account in the address, when the selection comes after the page', async () => {
    // The page mounts while the sub-accounts load: no sub-account yet ('' is all of them),
    // then the one in the address. The overview of all was asked for and cancelled.
    const { result, rerender } = renderHook(({ sub, ready }) => useAssetsOverview(sub, ready), {
      wrapper: wrapper(),
      initialProps: { sub: '', ready: false },
    });
    expect(result.current.loading).toBe(true);
    rerender({ sub: 'wide', ready: true });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(asked()).toEqual(['wide']);
  });

  it('writes balances with their unit and the fiat total with its sign, and follows the open dialog', async () => {
    const { result } = renderHook(() => useAssetsOverview('wide'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    const a = result.current.rows[0];
    expect(result.current.amount(a, 'available')).toBe('1.50000000\u00a0MINE');
    expect(result.current.totalText).toBe('$0.00');
    expect(result.current.blockOf(a)).toBeNull();
    expect(result.current.money('')).not.toBe('');
    act(() => result.current.startWithdraw('MINE'));
    expect(result.current.withdrawing).toBe('MINE');
    act(() => result.current.stopWithdraw());
    expect(result.current.withdrawing).toBe('');
  });
});
