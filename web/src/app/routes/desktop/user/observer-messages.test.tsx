import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { local, localKeys } from '@/lib/storage';
import { renderWithProviders, stubMatchMedia } from '@/testing/render';
import { DesktopMessageDetail } from './observer-messages';

const base = { coin: 'LTC', summary: '', publishedAt: Date.UTC(2026, 10, 25, 8), lang: 'en_US', read: true, prevId: null, nextId: null };
const answers: Record<string, unknown> = {
  'device-7': {
    ...base,
    id: 'device-7',
    kind: 'devicesOffline',
    title: '2 devices of farm are offline',
    prevId: 'announcement-1',
    devices: [
      { worker: 'farm.rig1', subAccount: 'farm', since: Date.UTC(2026, 10, 25, 7, 50) },
      { worker: 'farm.rig2', subAccount: 'farm', since: Date.UTC(2026, 10, 25, 7, 51) },
    ],
  },
  'earningsSettled-LTC-2026-11-24': {
    ...base,
    id: 'earningsSettled-LTC-2026-11-24',
    kind: 'earningsSettled',
    title: 'LTC earnings of 2026-11-24 settled',
    earnings: {
      coin: 'LTC',
      unit: 'LTC',
      day: '2026-11-24',
      amount: '0.75000000',
      subAccounts: 2,
      rows: [
        { subAccount: 'farm', hashRate: { show: '1.20', unit: 'MH/s' }, amount: '0.50000000' },
        { subAccount: 'spare', hashRate: { show: '600.00', unit: 'KH/s' }, amount: '0.25000000' },
      ],
    },
  },
};

function renderAt(id: string) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const data = answers[url.searchParams.get('messageid') ?? ''];
    const body = data ? { code: 0, msg: '', data } : { code: 3, msg: 'This message does not exist.', data: null };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  renderWithProviders(<DesktopMessageDetail />, { path: `/observerMode/infoDetail?id=${encodeURIComponent(id)}`, antd: true });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation((() => Promise.resolve()) as never);
  stubMatchMedia(false);
  local.set(localKeys.observerToken, 'ob_test');
  void i18n.changeLanguage('en_US');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  local.remove(localKeys.observerToken);
});

describe('desktop observer message', () => {
  it('lists the devices of a device message, with their last sign of life', async () => {
    renderAt('device-7');
    const table = await screen.findByTestId('message-devices');
    expect(within(table).getByText('farm.rig1')).toBeTruthy();
    expect(within(table).getByText('farm.rig2')).toBeTruthy();
    expect(within(table).getByText('Last sign of life')).toBeTruthy();
    // The newer neighbour is offered, the older is not.
    expect(screen.getByTestId('message-prev')).toBeTruthy();
    expect(screen.queryByTestId('message-next')).toBeNull();
  });

  it('shows a settled day per sub-account with its total', async () => {
    renderAt('earningsSettled-LTC-2026-11-24');
    const table = await screen.findByTestId('message-earnings');
    expect(within(table).getByText('0.50000000 LTC')).toBeTruthy();
    expect(within(table).getByText('600.00 KH/s')).toBeTruthy();
    expect(screen.getByTestId('message-earnings-total').textContent).toBe('0.75000000 LTC');
  });

  it('says "not found" for a message the link does not have, and for a malformed id without a call', async () => {
    renderAt('device-99');
    await screen.findByTestId('message-not-found');
    vi.restoreAllMocks();
    const fetched = vi.spyOn(globalThis, 'fetch');
    renderAt('bogus');
    expect((await screen.findAllByTestId('message-not-found')).length).toBeGreaterThan(0);
    expect(fetched).not.toHaveBeenCalled();
  });
});
