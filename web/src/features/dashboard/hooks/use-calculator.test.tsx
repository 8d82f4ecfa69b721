import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { ApiError, api } from '@/lib/api-client';
import type { CalcResult, CalcVariant, CoinRow, LegalTender } from '../model/types';
import { useCalculator } from './use-calculator';

const row = {
  currencyType: 'BTC',
  minHashUnit: 'TH/s',
  coinPrice: '96500.00',
  coinPriceUnit: 'USD',
  rate: 0.02,
  networkHashRateShow: '500.00',
  networkHashRateUnit: 'EH/s',
} as CoinRow;

const answer = (day: string) => ({ data: { dayExpectIncome: day } as CalcResult, msg: '' });

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const render = (props: { row: CoinRow; fiat: LegalTender; variant: CalcVariant }) =>
  renderHook((p: typeof props) => useCalculator(p.row, p.fiat, p.variant), { wrapper, initialProps: props });

describe('useCalculator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the defaults their figures at once, without Calculate (issue 31)', async () => {
    const send = vi.spyOn(api, 'send').mockResolvedValue(answer('1.23'));
    const { result } = render({ row, fiat: 'USD', variant: 'basic' });
    await waitFor(() => expect(result.current.result?.dayExpectIncome).toBe('1.23'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][1]?.body).toMatchObject({ currencyType: 'BTC', customerHashRate: '1.00', customerHashRateUnit: 'TH/s', rate: '0.02', coinPrice: '96500.00' });
    // No field shows a message for the automatic calculation.
    expect(result.current.errors).toEqual({});
  });

  it('asks again for the defaults in another variant or fiat, with the price in that fiat', async () => {
    const send = vi.spyOn(api, 'send').mockResolvedValue(answer('1'));
    const { result, rerender } = render({ row, fiat: 'USD', variant: 'basic' });
    await waitFor(() => expect(result.current.result).not.toBeNull());
    rerender({ row, fiat: 'USD', variant: 'full' });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1][1]?.body).toMatchObject({ containConsumption: true, equipmentConsumption: '0.00', electricityPrice: '0.00' });
    rerender({ row: { ...row, coinPrice: '685150.25', coinPriceUnit: 'CNY' }, fiat: 'CNY', variant: 'full' });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    expect(send.mock.calls[2][1]?.body).toMatchObject({ legalTender: 'CNY', coinPrice: '685150.25' });
    await waitFor(() => expect(result.current.result).not.toBeNull());
    expect(result.current.form.coinPrice).toBe('685150.25');
  });

  it('waits for Calculate once a field is edited, and keeps a refusal without asking again', async () => {
    const send = vi.spyOn(api, 'send').mockRejectedValue(new ApiError('code', 'Litecoin mining opens later.', 3));
    const { result, rerender } = render({ row, fiat: 'USD', variant: 'basic' });
    await waitFor(() => expect(result.current.refusal).toBe('Litecoin mining opens later.'));
    rerender({ row, fiat: 'USD', variant: 'basic' });
    expect(send).toHaveBeenCalledTimes(1);

    send.mockResolvedValue(answer('2'));
    act(() => result.current.change('customerHashRate', '3'));
    expect(result.current.result).toBeNull();
    expect(result.current.refusal).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(send).toHaveBeenCalledTimes(1);
    await act(() => result.current.calculate());
    expect(send).toHaveBeenCalledTimes(2);
    expect(result.current.result?.dayExpectIncome).toBe('2');
  });
});
