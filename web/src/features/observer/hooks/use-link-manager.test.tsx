import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ObserverLink } from '../model/types';
import { useLinkManager } from './use-link-manager';

const at = (entries: string[]) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    );
  };

const link = (id: number): ObserverLink => ({
  id,
  currencyList: ['MINE'],
  machineInfoEnabled: true,
  incomeInfoEnabled: false,
  note: `n${id}`,
  link: `/observerMode/observerList?token=ob_${id}`,
  token: `ob_${id}`,
  subAccounts: [],
  expiresAt: 0,
  expired: false,
  createTime: id,
  lastUsedAt: 0,
  useCount: 0,
});

const links = (n: number) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ code: 0, data: Array.from({ length: n }, (_, i) => link(i + 1)) })));

const manager = (mobile: boolean, entries: string[]) =>
  renderHook(() => ({ m: useLinkManager({ mobile }), where: useLocation() }), { wrapper: at(entries) });

afterEach(() => vi.restoreAllMocks());

describe('useLinkManager', () => {
  it('goes back to basic info when the manager is the first page of the visit', async () => {
    links(0);
    const phone = manager(true, ['/mobile/observer']);
    act(() => phone.result.current.m.back());
    await waitFor(() => expect(phone.result.current.where.pathname).toBe('/mobile/basicsInfo'));
    const desk = manager(false, ['/observer']);
    act(() => desk.result.current.m.back());
    await waitFor(() => expect(desk.result.current.where.pathname).toBe('/basicsInfo'));
  });

  it('goes back to the page before when there is one', async () => {
    links(0);
    const { result } = manager(true, ['/mobile/account/orePoolDeviceOverview', '/mobile/observer']);
    act(() => result.current.m.back());
    await waitFor(() => expect(result.current.where.pathname).toBe('/mobile/account/orePoolDeviceOverview'));
  });

  it('pages the links by 10, 20, 30 or 50, with the pager only past one small page', async () => {
    links(12);
    const { result } = manager(true, ['/mobile/observer']);
    await waitFor(() => expect(result.current.m.total).toBe(12));
    expect(result.current.m.rows).toHaveLength(10);
    expect(result.current.m.paging.shown).toBe(true);
    act(() => result.current.m.paging.change(2, 10));
    expect(result.current.m.rows.map((l) => l.id)).toEqual([11, 12]);
    act(() => result.current.m.paging.change(2, 20)); // a new size starts at page 1
    expect(result.current.m.paging.page).toBe(1);
    expect(result.current.m.rows).toHaveLength(12);
  });

  it('shows no pager for ten links or fewer', async () => {
    links(10);
    const { result } = manager(true, ['/mobile/observer']);
    await waitFor(() => expect(result.current.m.total).toBe(10));
    expect(result.current.m.paging.shown).toBe(false);
  });

  it('writes when a link ends and was last used on the 24-hour clock, never AM/PM', async () => {
    links(0);
    const { result } = manager(false, ['/observer']);
    const afternoon = Date.UTC(2026, 11, 6, 12, 0) + new Date(Date.UTC(2026, 11, 6, 12, 0)).getTimezoneOffset() * 60_000 + 3 * 3600_000 + 15 * 60_000;
    const l = { ...link(1), expiresAt: afternoon, lastUsedAt: afternoon, useCount: 2 };
    await waitFor(() => expect(result.current.m.expiry(l)).toContain('15:15'));
    expect(result.current.m.expiry(l)).not.toMatch(/AM|PM/);
    expect(result.current.m.use(l)).toContain('15:15');
  });
});
