import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LANGS } from '@/lib/language';
import { setNotifier } from '@/lib/notify';
import { local, localKeys } from '@/lib/storage';
import { renderWithProviders } from '@/testing/render';
import { DesktopTutorialPage } from './desktop';
import enUS from './locales/en_US.json';
import koKR from './locales/ko_KR.json';
import zhCN from './locales/zh_CN.json';
import zhHK from './locales/zh_HK.json';
import { MobileTutorialPage } from './mobile';

const coins = [
  {
    type: 'BTC',
    name: 'Bitcoin',
    algorithm: 'sha256d',
    status: 1,
    driver: 'bitcoind',
    stratumUrls: ['stratum+tcp://10.1.2.3:4100', 'stratum+tcp://10.1.2.3:4101', 'stratum+tcp://10.1.2.3:4102'],
  },
  { type: 'LTC', name: 'Litecoin', algorithm: 'scrypt', status: 0, driver: 'devnet', stratumUrls: ['stratum+tcp://10.1.2.3:4200'] },
];

type Answer = { code: number; msg?: string; data?: unknown };
let routes: Record<string, (url: URL) => Answer>;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  routes = { '/api/pc/v1/currency/list': () => ({ code: 0, data: coins }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://pool.test');
      calls.push(url.pathname + url.search);
      const route = routes[url.pathname];
      const body = route ? route(url) : { code: 3, msg: `no route ${url.pathname}` };
      return new Response(JSON.stringify({ msg: '', data: null, ...body }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('desktop tutorial page', () => {
  it('shows the live pool addresses of the coin, main pool first, and copies them', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const notices: string[] = [];
    const off = setNotifier((kind, message) => notices.push(`${kind}:${message}`));
    renderWithProviders(<DesktopTutorialPage id="btc" />, { path: '/tutorial/btc' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Bitcoin mining' })).toBeTruthy();
    const urls = await screen.findAllByTestId('stratum-url');
    expect(urls.map((u) => [u.textContent, u.dataset.backup])).toEqual([
      ['stratum+tcp://10.1.2.3:4100', '0'],
      ['stratum+tcp://10.1.2.3:4101', '1'],
      ['stratum+tcp://10.1.2.3:4102', '2'],
    ]);
    const panel = screen.getByTestId('stratum-panel');
    expect(within(panel).getByText('Main pool')).toBeTruthy();
    expect(within(panel).getByText('Backup 2')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Copy Bitcoin Main pool' }));
    await waitFor(() => expect(notices).toEqual(['success:Copied']));
    expect(writeText).toHaveBeenCalledWith('stratum+tcp://10.1.2.3:4100');
    off();
  });

  it('lists every tutorial in the navigation and marks the current one', async () => {
    renderWithProviders(<DesktopTutorialPage id="btc" />, { path: '/tutorial/btc' });
    const nav = await screen.findByRole('navigation', { name: 'All tutorials' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(9));
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Bitcoin mining');
    expect(within(nav).getByRole('link', { name: 'IronFish mining tutorial' }).getAttribute('href')).toBe('/ironFish');
    expect(within(nav).getByRole('link', { name: 'Mining with HiveOS' }).getAttribute('href')).toBe('/tutorial/hiveOS');
  });

  it('builds the worker name and says what is wrong with a bad one', async () => {
    renderWithProviders(<DesktopTutorialPage id="btc" />, { path: '/tutorial/btc' });
    const code = await screen.findByTestId('worker-code');
    expect(screen.getByTestId('worker-pending')).toBeTruthy();
    fireEvent.change(code, { target: { value: '9x' } });
    expect(screen.getByText('A sub-account code is 3-20 lower-case letters, digits or underscores, starting with a letter.')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'Alice' } });
    expect(screen.getByTestId('worker-name').textContent).toBe('alice.rig01');
    fireEvent.change(screen.getByTestId('worker-suffix'), { target: { value: 'a'.repeat(16) } });
    expect(screen.getByText('At most 15 characters after the dot.')).toBeTruthy();
    expect(screen.queryByTestId('worker-name')).toBeNull();
    fireEvent.change(screen.getByTestId('worker-suffix'), { target: { value: 'rig 2' } });
    expect(screen.getByText('Use only letters, digits, _ and - after the dot.')).toBeTruthy();
  });

  it('marks closed coins in the chooser and says they refuse workers', async () => {
    renderWithProviders(<DesktopTutorialPage id="hiveOS" />, { path: '/tutorial/hiveOS' });
    const ltc = await screen.findByTestId('coin-LTC');
    expect(ltc.textContent).toContain('Closed');
    expect(screen.getByTestId('coin-BTC').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(ltc);
    expect(screen.getByTestId('coin-closed').textContent).toBe('Litecoin is closed for mining: the pool refuses workers on it until it reopens.');
    expect(screen.getByTestId('coin-status').textContent).toBe('Closed');
    expect(screen.getAllByTestId('stratum-url').map((u) => u.textContent)).toEqual(['stratum+tcp://10.1.2.3:4200']);
  });

  it('says when the tutorial coin is not listed', async () => {
    renderWithProviders(<DesktopTutorialPage id="soloAleo" />, { path: '/tutorial/soloAleo' });
    expect((await screen.findByTestId('coin-missing')).textContent).toBe('Aleo is not listed on this pool yet. Check the coin list on the home page later.');
  });

  it('shows where to find the Uniplus ID to a visitor, with a login link', async () => {
    renderWithProviders(<DesktopTutorialPage id="deviceAccess" />, { path: '/tutorial/deviceAccess' });
    const panel = await screen.findByTestId('uniplus-logged-out');
    expect(within(panel).getByRole('link', { name: /Log in/ }).getAttribute('href')).toBe('/login');
    expect(within(panel).getByRole('link', { name: 'Sub-accounts' }).getAttribute('href')).toBe('/account/orePoolSubAccountInfo');
    expect(calls.some((c) => c.includes('/pool/'))).toBe(false);
  });

  it("shows a logged-in user's Uniplus ID masked (the pool shows it once) and worker template, per picked sub-account", async () => {
    local.set(localKeys.token, 'tok');
    const prefixOf = (code: string) => `UP-${code.slice(0, 4).padEnd(4, '0')}`;
    routes['/api/pc/v1/pool/subaccount/list'] = () => ({
      code: 0,
      data: [
        { code: 'alice', alias: 'Main farm', defaultCoin: 'BTC', deviceCount: 0 },
        { code: 'bob', alias: 'bob', defaultCoin: 'LTC', deviceCount: 1 },
      ],
    });
    routes['/api/pc/v1/pool/subaccount/uniplus'] = (url) => {
      const code = url.searchParams.get('code')!;
      return {
        code: 0,
        data: {
          code,
          uniplusId: null,
          uniplusPrefix: prefixOf(code),
          coin: code === 'alice' ? 'BTC' : 'LTC',
          stratumUrl: 'stratum+tcp://10.1.2.3:4100',
          stratumUrls: ['stratum+tcp://10.1.2.3:4100'],
          workerName: `${code}.{worker}`,
          workerExample: `${code}.rig01`,
        },
      };
    };
    renderWithProviders(<DesktopTutorialPage id="deviceAccess" />, { path: '/tutorial/deviceAccess' });
    expect((await screen.findByTestId('uniplus-masked')).textContent).toBe('UP-alic••••••••');
    expect(screen.queryByTestId('uniplus-id')).toBeNull();
    expect(screen.getByTestId('uniplus-once').textContent).toMatch(/shows it once, when it is made/);
    expect(screen.getByTestId('go-subAccounts').getAttribute('href')).toBe('/account/orePoolSubAccountInfo');
    expect(screen.getByTestId('uniplus-worker').textContent).toBe('alice.device name');
    const picker = screen.getByTestId('sub-account-picker') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Main farm (alice)', 'bob']);
    fireEvent.change(picker, { target: { value: 'bob' } });
    await waitFor(() => expect(screen.getByTestId('uniplus-masked').textContent).toBe('UP-bob0••••••••'));
    expect(screen.getByTestId('uniplus-coin').textContent).toBe('LTC');
  });

  it('treats an ended session as logged out instead of leaving the tutorial', async () => {
    local.set(localKeys.token, 'stale');
    routes['/api/pc/v1/pool/subaccount/list'] = () => ({ code: 4, msg: 'Please log in first.' });
    const { router } = renderWithProviders(<DesktopTutorialPage id="deviceAccess" />, { path: '/tutorial/deviceAccess' });
    expect(await screen.findByTestId('uniplus-logged-out')).toBeTruthy();
    expect(local.get(localKeys.token)).toBeNull();
    expect(router.state.location.pathname).toBe('/tutorial/deviceAccess');
  });
});

describe('mobile tutorial page', () => {
  it('picks another tutorial from the compact picker, without the desktop-only IronFish page', async () => {
    const { router } = renderWithProviders(<MobileTutorialPage id="deviceAccess" />, { path: '/mobile/tutorial/deviceAccess' });
    const picker = await screen.findByTestId('tutorial-picker');
    expect(picker.textContent).toContain('Tutorial 3 of 8');
    await act(async () => {
      fireEvent.click(picker);
    });
    const sheet = await screen.findByTestId('tutorial-sheet');
    expect(within(sheet).queryByText('IronFish mining tutorial')).toBeNull();
    await act(async () => {
      fireEvent.click(within(sheet).getByText('Mining with HiveOS'));
    });
    expect(router.state.location.pathname).toBe('/mobile/tutorial/hiveOS');
  });

  it('links app pages to their mobile versions', async () => {
    renderWithProviders(<MobileTutorialPage id="deviceAccess" />, { path: '/mobile/tutorial/deviceAccess' });
    const panel = await screen.findByTestId('uniplus-logged-out');
    expect(within(panel).getByRole('link', { name: /Log in/ }).getAttribute('href')).toBe('/mobile/login');
    expect(screen.getByTestId('go-devices').getAttribute('href')).toBe('/mobile/account/orePoolDeviceOverview');
  });
});

describe('IronFish tutorial', () => {
  const iron = (driver: string, stratumUrls: string[]) => ({ type: 'IRON', name: 'Iron Fish', algorithm: 'blake3', status: 1, driver, stratumUrls });

  it("builds the official miner's command from the coin's main pool and the worker, and copies it", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    routes['/api/pc/v1/currency/list'] = () => ({
      code: 0,
      data: [...coins, iron('ironfish', ['stratum+tcp://10.1.2.3:4300', 'stratum+tcp://10.1.2.3:4301'])],
    });
    renderWithProviders(<DesktopTutorialPage id="ironFish" />, { path: '/ironFish' });

    const command = await screen.findByTestId('ironfish-command');
    expect(command.textContent).toBe('ironfish miners:start --pool 10.1.2.3:4300 --address YOUR_IRONFISH_ADDRESS --name alice.rig01 --threads -1');
    fireEvent.change(screen.getByTestId('worker-code'), { target: { value: 'ironfarm' } });
    fireEvent.change(screen.getByTestId('worker-suffix'), { target: { value: 'gpu7' } });
    expect(screen.getByTestId('worker-name').textContent).toBe('ironfarm.gpu7');
    expect(command.textContent).toContain('--pool 10.1.2.3:4300 ');
    expect(command.textContent).toContain('--name ironfarm.gpu7 ');
    // Not the Stratum v1 line the other coins get, nor its password: an IronFish miner sends none.
    expect(screen.queryByTestId('miner-command')).toBeNull();
    expect(screen.queryByTestId('worker-password')).toBeNull();
    expect(command.textContent).not.toContain('stratum+tcp');

    const step = command.closest('li')!;
    expect(within(step).getByText(/speaks Iron Fish's own stratum/).textContent).toContain('miners set up with -o, -u and -p do not work on it');
    expect(within(step).queryByText(/development network/)).toBeNull();
    fireEvent.click(within(command.closest('figure')!).getByRole('button'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ironfish miners:start --pool 10.1.2.3:4300 --address YOUR_IRONFISH_ADDRESS --name ironfarm.gpu7 --threads -1'));
  });

  it('adds --tls for a TLS port', async () => {
    routes['/api/pc/v1/currency/list'] = () => ({ code: 0, data: [iron('ironfish', ['stratum+ssl://pool.example.org:4300'])] });
    renderWithProviders(<DesktopTutorialPage id="ironFish" />, { path: '/ironFish' });
    expect((await screen.findByTestId('ironfish-command')).textContent).toBe(
      'ironfish miners:start --pool pool.example.org:4300 --address YOUR_IRONFISH_ADDRESS --name alice.rig01 --threads -1 --tls',
    );
  });

  it('says a devnet IronFish port speaks Stratum v1 for now and the command is for a pool on an IronFish node', async () => {
    routes['/api/pc/v1/currency/list'] = () => ({ code: 0, data: [iron('devnet', ['stratum+tcp://10.1.2.3:4300'])] });
    renderWithProviders(<DesktopTutorialPage id="ironFish" />, { path: '/ironFish' });
    const command = await screen.findByTestId('ironfish-command');
    const step = command.closest('li')!;
    expect(
      within(step).getByText(
        "Iron Fish runs on the pool's development network for now, where its port speaks Stratum v1 like the other coins. The command below is for when the pool is connected to an Iron Fish node.",
      ),
    ).toBeTruthy();
    expect(within(step).queryByText(/speaks Iron Fish's own stratum/)).toBeNull();
  });

  it('shows no command while IronFish is not listed', async () => {
    renderWithProviders(<DesktopTutorialPage id="ironFish" />, { path: '/ironFish' });
    expect(await screen.findByTestId('coin-missing')).toBeTruthy();
    expect(screen.queryByTestId('ironfish-command')).toBeNull();
  });
});

describe('Aleo tutorial', () => {
  const notices = { en_US: enUS, zh_CN: zhCN, zh_HK: zhHK, ko_KR: koKR } as const;
  afterEach(async () => {
    await act(async () => {
      await i18n.changeLanguage('en_US');
    });
  });

  it.each(LANGS)('says in %s that Aleo runs on the devnet stand-in, not real Aleo proving', async (lang) => {
    await act(async () => {
      await i18n.changeLanguage(lang);
    });
    renderWithProviders(<DesktopTutorialPage id="soloAleo" />, { path: '/tutorial/soloAleo' });
    const text = notices[lang].soloAleo.devnet;
    const notice = await screen.findByTestId('callout-note');
    expect(within(notice).getByText(text)).toBeTruthy();
    expect(text).toContain('sha256d');
    expect(text).toContain('Aleo');
  });

  it('words the notice plainly in English', async () => {
    renderWithProviders(<DesktopTutorialPage id="soloAleo" />, { path: '/tutorial/soloAleo' });
    const notice = await screen.findByTestId('callout-note');
    expect(notice.textContent).toMatch(/development network/);
    expect(notice.textContent).toMatch(/real Aleo proving is not connected yet/);
    expect(notice.textContent).toMatch(/zero-knowledge puzzle/);
  });
});
