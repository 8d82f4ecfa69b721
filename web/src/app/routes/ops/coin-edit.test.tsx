// The coin editing page in jsdom: who sees it, the pending change, and a fee change that
// says from which settlement day it applies.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { opsClient } from '@/features/ops/api';
import type { Perm } from '@/features/ops/models';
import { editableCoin, pageTests, renderPage, serveReads } from '@/features/ops/testing';
import { CoinEditPage } from './coin-edit';

const btc = editableCoin({
  type: 'BTC',
  name: 'Bitcoin',
  algorithm: 'sha256d',
  pending: { feeBps: 250, ppsTxFees: false, from: '2026-11-30' },
  minWithdraw: '0.001',
  withdrawFee: '0.0001',
  stratumPorts: [3333],
  driver: 'bitcoind',
});

const serve = (permissions: Perm[]) => serveReads(permissions, { '/v1/coins': { coins: [btc] } });

const renderAt = (path: string) => renderPage('/coin-edit/:symbol?', <CoinEditPage />, path);

describe('CoinEditPage', () => {
  pageTests();

  it('is refused to an operator without the coins right', async () => {
    serve(['read', 'content', 'users']);
    renderAt('/coin-edit');
    expect(await screen.findByTestId('ops-coin-edit-forbidden')).toBeTruthy();
  });

  it('shows the pending fee, and a fee change answers the settlement day it applies from', async () => {
    serve(['read', 'coins']);
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue({ coin: { ...btc, pending: { feeBps: 300, ppsTxFees: false, from: '2026-11-30' } }, termsFrom: '2026-11-30' });
    const router = renderAt('/coin-edit');
    expect(await screen.findByTestId('ops-coin-pending-tag')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ops-coin-edit-BTC'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coin-edit/BTC'));
    const form = await screen.findByTestId('ops-coin-edit-form');
    expect(within(form).getByTestId('ops-coin-pending').textContent).toContain('settlement day');
    expect(within(form).getByTestId('ops-coin-terms-rule')).toBeTruthy();

    const fee = within(form).getByTestId('ops-coin-feeBps') as HTMLInputElement;
    expect(fee.value).toBe('250'); // the pending fee is the value to come
    fireEvent.change(fee, { target: { value: '300' } });
    expect(await within(form).findByTestId('ops-coin-terms-change')).toBeTruthy();

    // No reason: nothing is sent, the field says why.
    fireEvent.click(within(form).getByTestId('ops-coin-submit'));
    expect(await within(form).findByText('Enter a reason for this change.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByTestId('ops-coin-reason'), { target: { value: 'pricing review' } });
    fireEvent.click(within(form).getByTestId('ops-coin-submit'));
    const saved = await within(form).findByTestId('ops-coin-saved');
    expect(post).toHaveBeenCalledWith('/v1/coins/BTC', { reason: 'pricing review', feeBps: 300 }, { quiet: true });
    expect(saved.textContent).toMatch(/settlement day .*2026/);
  });

  it('shows the server`s refusal beside the field it names', async () => {
    serve(['read', 'coins']);
    const { ApiError } = await import('@/lib/api-client');
    vi.spyOn(opsClient, 'post').mockRejectedValue(new ApiError('code', 'Port 3334 is used by LTC.', 3, { error: 'coin.update.portInUse', field: 'ports' }));
    renderAt('/coin-edit/BTC');
    const form = await screen.findByTestId('ops-coin-edit-form');
    fireEvent.change(within(form).getByTestId('ops-coin-stratumPorts'), { target: { value: '3333, 3334' } });
    fireEvent.change(within(form).getByTestId('ops-coin-reason'), { target: { value: 'second port' } });
    fireEvent.click(within(form).getByTestId('ops-coin-submit'));
    expect(await within(form).findByText('Port 3334 is used by LTC.')).toBeTruthy();
  });
});
