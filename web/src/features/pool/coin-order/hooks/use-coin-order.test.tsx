import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { local, localKeys } from '@/lib/storage';
import { type Call, fakeApi, ok, queryWrapper } from '@/testing/fake-api';
import { useChainTypes } from '../../api/get-chain-types';
import { useCoinOrder } from './use-coin-order';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

// A pool with three coins and the user's saved order, as internal/coin keeps it.
const pool = [
  { type: 'MINE', name: 'Minecoin' },
  { type: 'LOCK', name: 'Lockcoin' },
  { type: 'KAS', name: 'Kaspa' },
];
let saved: string[];
let refuse: string;
let calls: Call[];

const ordered = () => {
  const at = new Map(saved.map((t, i) => [t, i]));
  return [...pool].sort((a, b) => (at.get(a.type) ?? 99 + pool.indexOf(a)) - (at.get(b.type) ?? 99 + pool.indexOf(b)));
};

beforeEach(() => {
  saved = [];
  refuse = '';
  local.set(localKeys.token, 'session-token');
  calls = fakeApi(({ key, body }) => {
    switch (key) {
      case 'GET /api/pc/v1/currency/list':
        return ok(pool);
      case 'GET /api/pc/v1/common/basic/showCurrencyList':
        return ok(ordered());
      case 'PUT /api/pc/v1/common/basic/saveSortCurrency':
        if (refuse) return { code: 3, msg: refuse, data: null };
        saved = (body as { currencyList: string[] }).currencyList;
        return ok(null);
      case 'GET /api/pc/v1/common/basic/resetSortCurrency':
        saved = [];
        return ok(null);
    }
  });
});
afterEach(() => {
  local.remove(localKeys.token);
  vi.mocked(notify).mockClear();
});

// The dialog and the coin picker, reading the same list as the account shell does.
const renderBoth = (readOnly = false) =>
  renderHook(() => ({ order: useCoinOrder(), picker: useChainTypes().data?.map((c) => c.type) ?? [] }), { wrapper: queryWrapper(readOnly) });
const types = (order: { coins: { type: string }[] }) => order.coins.map((c) => c.type);
const reads = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;

describe('useCoinOrder', () => {
  it("gives a logged-in owner's picker the coins in their own order (showCurrencyList)", async () => {
    saved = ['KAS'];
    const { result } = renderBoth();
    await waitFor(() => expect(result.current.picker).toEqual(['KAS', 'MINE', 'LOCK']));
    expect(reads('/api/pc/v1/common/basic/showCurrencyList')).toBe(1);
    expect(reads('/api/pc/v1/currency/list')).toBe(0);
    expect(result.current.order.available).toBe(true);
  });

  it('keeps the pool order, and no sort control, on observer pages and without a session', async () => {
    saved = ['KAS'];
    const observer = renderBoth(true);
    await waitFor(() => expect(observer.result.current.picker).toEqual(['MINE', 'LOCK', 'KAS']));
    expect(observer.result.current.order.available).toBe(false);
    local.remove(localKeys.token);
    const guest = renderBoth();
    await waitFor(() => expect(guest.result.current.picker).toEqual(['MINE', 'LOCK', 'KAS']));
    expect(guest.result.current.order.available).toBe(false);
    expect(reads('/api/pc/v1/common/basic/showCurrencyList')).toBe(0);
  });

  it('moves a coin in a draft, then saves it: the picker shows the new order and a success toast says so', async () => {
    const { result } = renderBoth();
    await waitFor(() => expect(result.current.picker).toHaveLength(3));
    act(() => result.current.order.open());
    expect(result.current.order.isOpen).toBe(true);
    expect(result.current.order.changed).toBe(false);
    expect(result.current.order.canMove('MINE', -1)).toBe(false);
    act(() => result.current.order.move('KAS', -1));
    act(() => result.current.order.move('KAS', -1));
    expect(types(result.current.order)).toEqual(['KAS', 'MINE', 'LOCK']);
    expect(result.current.order.changed).toBe(true);
    expect(result.current.order.announcement).not.toBe('');
    // The picker keeps the saved order until the draft is saved.
    expect(result.current.picker).toEqual(['MINE', 'LOCK', 'KAS']);

    const shown = reads('/api/pc/v1/common/basic/showCurrencyList');
    let ok = false;
    await act(async () => {
      ok = await result.current.order.save();
    });
    expect(ok).toBe(true);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ currencyList: ['KAS', 'MINE', 'LOCK'] });
    expect(result.current.order.isOpen).toBe(false);
    expect(result.current.picker).toEqual(['KAS', 'MINE', 'LOCK']);
    // The list was read again from the server before the dialog closed.
    expect(reads('/api/pc/v1/common/basic/showCurrencyList')).toBe(shown + 1);
    expect(notify).toHaveBeenCalledWith('success', expect.any(String));
  });

  it("shows the server's refusal in the dialog and changes nothing", async () => {
    refuse = 'Coin KAS is listed twice.';
    const { result } = renderBoth();
    await waitFor(() => expect(result.current.picker).toHaveLength(3));
    act(() => result.current.order.open());
    act(() => result.current.order.move('LOCK', -1));
    let ok = true;
    await act(async () => {
      ok = await result.current.order.save();
    });
    expect(ok).toBe(false);
    expect(result.current.order.error).toBe('Coin KAS is listed twice.');
    expect(result.current.order.isOpen).toBe(true);
    expect(types(result.current.order)).toEqual(['LOCK', 'MINE', 'KAS']);
    expect(result.current.picker).toEqual(['MINE', 'LOCK', 'KAS']);
    expect(saved).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
    // The next move clears the message.
    act(() => result.current.order.move('LOCK', 1));
    expect(result.current.order.error).toBe('');
  });

  it("resets to the pool's order on the server and in the picker", async () => {
    saved = ['KAS', 'LOCK'];
    const { result } = renderBoth();
    await waitFor(() => expect(result.current.picker).toEqual(['KAS', 'LOCK', 'MINE']));
    act(() => result.current.order.open());
    await act(async () => {
      await result.current.order.reset();
    });
    expect(calls.some((c) => c.path === '/api/pc/v1/common/basic/resetSortCurrency')).toBe(true);
    expect(result.current.order.isOpen).toBe(false);
    expect(result.current.picker).toEqual(['MINE', 'LOCK', 'KAS']);
    expect(notify).toHaveBeenCalledWith('success', expect.any(String));
  });

  it('cancel forgets the draft', async () => {
    const { result } = renderBoth();
    await waitFor(() => expect(result.current.picker).toHaveLength(3));
    act(() => result.current.order.open());
    act(() => result.current.order.move('LOCK', -1));
    act(() => result.current.order.close());
    expect(result.current.order.isOpen).toBe(false);
    act(() => result.current.order.open());
    expect(types(result.current.order)).toEqual(['MINE', 'LOCK', 'KAS']);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
