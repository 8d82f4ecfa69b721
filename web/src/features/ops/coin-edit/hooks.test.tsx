import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { opsClient } from '../api';
import { useCoinEdit } from './hooks';
import { editableCoin, hookWrapper as wrapper, submitted } from '../testing';

const coin = editableCoin();

describe('useCoinEdit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends nothing without a reason or a change, then sends only the changed fee and shows its first day', async () => {
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue({ coin: { ...coin, pending: { feeBps: 150, ppsTxFees: false, from: '2026-11-30' } }, termsFrom: '2026-11-30' });
    const { result } = renderHook(() => useCoinEdit(coin), { wrapper: wrapper() });

    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.errors.reason).toBe('errors.reasonRequired');

    act(() => result.current.set('reason', 'quarterly review'));
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.errors).toEqual({ form: 'errors.unchanged' });
    expect(post).not.toHaveBeenCalled();

    act(() => result.current.set('feeBps', '150'));
    expect(result.current.termsChange).toBe(true);
    expect(result.current.changed).toEqual(['feeBps']);
    expect(await submitted(() => result.current.submit())).toBe(true);
    expect(post).toHaveBeenCalledWith('/v1/coins/LTC', { reason: 'quarterly review', feeBps: 150 }, { quiet: true });
    expect(result.current.saved?.termsFrom).toBe('2026-11-30');
    // The form now shows the coin as the answer gives it: the pending fee, no reason.
    expect(result.current.form.feeBps).toBe('150');
    expect(result.current.form.reason).toBe('');
  });

  it('checks the rules before the call', async () => {
    const post = vi.spyOn(opsClient, 'post');
    const { result } = renderHook(() => useCoinEdit(coin), { wrapper: wrapper() });
    act(() => {
      result.current.set('reason', 'r');
      result.current.set('withdrawFee', '0.02');
    });
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.errors.withdrawFee).toBe('errors.feeNotBelowMinimum');
    expect(post).not.toHaveBeenCalled();
    // Typing in the field clears its error.
    act(() => result.current.set('withdrawFee', '0.002'));
    expect(result.current.errors.withdrawFee).toBeUndefined();
  });

  it('shows the API`s translated refusal beside the field it names', async () => {
    vi.spyOn(opsClient, 'post').mockRejectedValueOnce(
      new ApiError('code', 'Port 3333 is already used by BTC.', 3, { error: 'coin.update.portInUse', field: 'ports' }),
    );
    const { result } = renderHook(() => useCoinEdit(coin), { wrapper: wrapper() });
    act(() => {
      result.current.set('reason', 'r');
      result.current.set('stratumPorts', '3400, 3333');
    });
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.refusal).toEqual({ field: 'stratumPorts', message: 'Port 3333 is already used by BTC.' });
    expect(result.current.saved).toBeNull();
  });
});
