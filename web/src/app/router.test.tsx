import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_PATTERNS, MOBILE_PATTERNS } from '@/config/paths';
import { api } from '@/lib/api-client';
import { setNotifier } from '@/lib/notify';
import { clearSession, local, localKeys, session, sessionKeys } from '@/lib/storage';
import { LoginGate } from './guards/login-gate';
import { RegisterInvite } from './routes/mobile/register-invite';
import { routes } from './router';

// The routes of SPEC.md section 2, written out by hand so that a typo in the
// route table (or in config/paths.ts) fails here. Long lists of page names are
// written as one space-separated string each.
const words = (list: string) => list.trim().split(/\s+/);
const tutorials = ['soloAleo', 'orePoolSignIn', 'deviceAccess', 'hadaSwithchOn', 'ownedSwitchOn', 'btc', 'hiveOS', 'AeBox', 'observer'];
const specDesktop = [
  '/',
  '/maintenance',
  '/login',
  '/register',
  '/observer',
  '/basicsInfo',
  '/OS',
  '/upload',
  '/ironFish',
  '/help',
  '/help/notice/list',
  '/help/notice/detail/1',
  '/help/announcement/list',
  '/help/announcement/detail/1',
  '/help/faq/list',
  '/help/faq/detail/1',
  '/tutorial',
  ...tutorials.map((p) => `/tutorial/${p}`),
  '/observerMode',
  ...['observerList', 'infoList', 'infoDetail', 'orePoolDeviceOverview', 'orePoolAnlageuebersicht', 'orePoolDeviceSubaccount', 'orePoolRevenueSummary', 'orePoolRevenueChain'].map(
    (p) => `/observerMode/${p}`,
  ),
  ...words(
    `orePoolSubAccountInfo orePoolSubAccountDetail orePoolDeviceSearch orePoolDeviceOverview orePoolAnlageuebersicht orePoolRevenueChain orePoolRevenueSummary
     orePoolDeviceSubaccount orePoolMachineDetail orePoolOverclockManage orePoolOverclockSet orePoolOverclockCancel orePoolAssetsOverview orePoolAssetsDetail
     orePoolAddressManage orePoolWithdrawlSetList soloEquipment soloSummary soloSearch`,
  ).map((p) => `/account/${p}`),
  // Not in the SPEC: a sub-account's alert settings.
  '/account/orePoolAlertSet',
  '/explorderIndex',
  '/explorderIndex/overView',
  '/explorderIndex/rankingList',
  '/explorderIndex/rankingDetail/aleo1xyz',
  '/explorderIndex/blockDetail/123',
  '/explorderIndex/preBlockDetail/123',
];
const specMobile = [
  '/mobile',
  '/mobile/currencyDetail',
  '/mobile/currencyList',
  '/mobile/login',
  '/mobile/register',
  '/mobile/registerInvite/ABC123',
  '/mobile/registerInvite',
  '/mobile/OS',
  '/mobile/upload',
  '/mobile/basicsInfo',
  '/mobile/observer',
  '/mobile/account/soloSearch',
  '/mobile/account/soloSummary',
  '/mobile/account/soloEquipment',
  ...words(
    `orePoolDeviceOverview orePoolAnlageuebersicht orePoolDeviceSubaccount orePoolMachineDetail orePoolVideoCard orePoolDeviceSearch orePoolSubAccountInfo
     orePoolSubAccountDetail orePoolRevenueSummary orePoolRevenueChain orePoolRevenueDetail orePoolOverclockManage orePoolOverclockSet orePoolOverclockCancel
     assetsOverview assetsDetail addressManage withdrawlSetList`,
  ).map((p) => `/mobile/account/${p}`),
  // Not in the SPEC: a sub-account's alert settings.
  '/mobile/account/orePoolAlertSet',
  '/mobile/tutorial',
  ...tutorials.map((p) => `/mobile/tutorial/${p}`),
  '/mobile/help/helpcenter',
  '/mobile/help/helplist',
  '/mobile/help/helpdetail',
  ...['observerList', 'orePoolDeviceOverview', 'orePoolAnlageuebersicht', 'orePoolDeviceSubaccount', 'orePoolRevenueSummary', 'orePoolRevenueChain', 'help/helplist', 'help/helpdetail'].map(
    (p) => `/mobile/observerMode/${p}`,
  ),
  // Not in the SPEC: the explorer's phone pages.
  '/mobile/explorderIndex',
  '/mobile/explorderIndex/overView',
  '/mobile/explorderIndex/rankingList',
  '/mobile/explorderIndex/rankingDetail/r1abc',
  '/mobile/explorderIndex/blockDetail/123',
  '/mobile/explorderIndex/preBlockDetail/123',
];

function leafPath(pathname: string): string | null {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.[matches.length - 1]?.route;
  if (!leaf) return null;
  return leaf.index ? '(index)' : (leaf.path ?? '(layout)');
}

describe('route table', () => {
  it.each([...specDesktop, ...specMobile])('%s has a page', (pathname) => {
    expect(leafPath(pathname)).not.toBe('*');
    expect(leafPath(pathname)).not.toBeNull();
  });

  it('sends unknown addresses to the not-found page of their tree', () => {
    expect(leafPath('/no/such')).toBe('*');
    expect(leafPath('/mobile/no/such')).toBe('*');
  });

  it('agrees with the patterns the device redirect uses', () => {
    for (const p of DESKTOP_PATTERNS) expect(leafPath(p.replace(/:\w+/g, 'x')), p).not.toBe('*');
    for (const p of MOBILE_PATTERNS) expect(leafPath(p.replace(/:\w+/g, 'x')), p).not.toBe('*');
  });
});

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/basicsInfo', element },
      { path: '/mobile/help/helplist', element },
      { path: '/login', element: <p>desktop login</p> },
      { path: '/mobile/login', element: <p>mobile login</p> },
      { path: '/mobile/registerInvite', element: <RegisterInvite /> },
      { path: '/mobile/registerInvite/:inviteCode', element: <RegisterInvite /> },
      { path: '/mobile/register', element: <p>mobile register</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('LoginGate', () => {
  it('sends visitors without a token to login', () => {
    renderAt('/basicsInfo', <LoginGate>secret</LoginGate>);
    expect(screen.getByText('desktop login')).toBeTruthy();
  });
  it('uses the mobile login on the mobile tree, only when the query needs it', () => {
    const gate = (
      <LoginGate when={(q) => q.get('type') === 'notice'}>
        <p>help list</p>
      </LoginGate>
    );
    renderAt('/mobile/help/helplist?type=faq', gate);
    expect(screen.getByText('help list')).toBeTruthy();
  });
  it('sends mobile notice lists to the mobile login', () => {
    renderAt('/mobile/help/helplist?type=notice', <LoginGate when={(q) => q.get('type') === 'notice'}>notices</LoginGate>);
    expect(screen.getByText('mobile login')).toBeTruthy();
  });
  it('lets logged-in visitors through', () => {
    local.set(localKeys.token, 'tok');
    renderAt('/basicsInfo', <LoginGate>secret</LoginGate>);
    expect(screen.getByText('secret')).toBeTruthy();
  });
  it('warns a visitor who arrives without a session, not one whose session ends on the page', () => {
    // The gate says "please log in first" at most once a second: each step is 2 s apart.
    let clock = Date.now() + 60_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const said: string[] = [];
    const off = setNotifier((_kind, message) => said.push(message));
    said.length = 0; // what earlier tests queued before any notifier was there
    try {
      local.set(localKeys.token, 'tok');
      renderAt('/basicsInfo', <LoginGate>secret</LoginGate>);
      expect(screen.getByText('secret')).toBeTruthy();
      // Logging out (or a code 2 answer) clears the session while the page is still shown:
      // whoever cleared it says why, the gate only moves on.
      act(() => clearSession());
      expect(screen.getByText('desktop login')).toBeTruthy();
      expect(said).toEqual([]);

      cleanup();
      clock += 2_000;
      renderAt('/basicsInfo', <LoginGate>secret</LoginGate>);
      expect(screen.getByText('desktop login')).toBeTruthy();
      expect(said).toEqual(['Please log in first.']);
    } finally {
      off();
      vi.restoreAllMocks();
    }
  });
});

describe('RegisterInvite', () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps a live agent's code and opens the register page", async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ valid: true });
    const router = renderAt('/mobile/registerInvite/AGENT42', null);
    expect(screen.getByTestId('invite-checking')).toBeTruthy();
    expect(await screen.findByText('mobile register')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mobile/register');
    expect(session.get(sessionKeys.agentInviteCode)).toBe('AGENT42');
    expect(get.mock.calls[0]![1]).toEqual({ code: 'AGENT42' });
  });
  it('says the link has expired when the code is no live agent\'s, and keeps nothing', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ valid: false });
    const router = renderAt('/mobile/registerInvite/GONE', null);
    expect(await screen.findByText('This invitation link has expired. Please register through the correct link.')).toBeTruthy();
    expect(screen.getByTestId('invite-expired')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mobile/registerInvite/GONE');
    expect(session.get(sessionKeys.agentInviteCode)).toBeNull();
  });
  it('says the link is broken when the code is missing', () => {
    const get = vi.spyOn(api, 'get');
    renderAt('/mobile/registerInvite/', null);
    expect(screen.getByText('This invitation link has expired. Please register through the correct link.')).toBeTruthy();
    expect(session.get(sessionKeys.agentInviteCode)).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});
