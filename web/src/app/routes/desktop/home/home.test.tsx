import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoinRow } from '@/features/dashboard/model/types';
import { setNotifier } from '@/lib/notify';
import { renderWithProviders, stubMatchMedia } from '@/testing/render';
import HomeArea from '../home';

// jsdom has no canvas: the chart is replaced by a marker with the same test id.
vi.mock('@/features/dashboard/components/lazy-trend-chart', () => ({
  LazyTrendChart: ({ series }: { series: { times: number[] } }) => <div data-testid="trend-chart" data-points={series.times.length} />,
}));

type Answer = { code: number; msg?: string; data: unknown };
type Call = { path: string; query: URLSearchParams; body: unknown };

/** serve answers /api calls with answer(call) and records every call. */
function serve(answer: (c: Call) => Answer | undefined) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { path: url.pathname, query: url.searchParams, body: init?.body ? JSON.parse(String(init.body)) : null };
    calls.push(call);
    const a = answer(call) ?? { code: 0, data: null };
    return new Response(JSON.stringify({ msg: '', ...a }), { headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function row(type: string, extra: Partial<CoinRow> = {}): CoinRow {
  return {
    currencyType: type,
    chainTypeName: `${type} coin`,
    chainUnit: type,
    algorithm: 'sha256d',
    iconUrl: '',
    logoUrl: '',
    openStatus: true,
    closedMsg: '',
    tutorialUrl: `/tutorial/${type.toLowerCase()}`,
    driver: 'devnet',
    coinPrice: '96500.50',
    coinPriceUnit: 'USD',
    poolHashRate: 1500,
    poolHashRateUnit: 'KH/s',
    poolHashRateShow: '1.50',
    networkHashRate: 400000,
    networkHashRateUnit: 'KH/s',
    networkHashRateShow: '400.00',
    dayExpectIncome: '1074.77',
    dayExpectIncomeCoin: '0.01113743',
    dayExpectIncomeUnit: 'USD / H/s',
    dayExpectIncomeFullUnit: `${type} / H/s`,
    blockReward: '3.12500000',
    blockTime: 60,
    rate: 0.01,
    rateShow: '1.00%',
    fee: '1.00%',
    settleModel: 'PPS',
    settleTime: '08:00',
    activeMiners: 3,
    minHashUnit: 'H/s',
    ...extra,
  };
}

const ROWS = [
  row('BTC'),
  row('KAS', { tutorialUrl: '', coinPrice: '0.07' }),
  row('LTC', { openStatus: false, closedMsg: 'Litecoin opens after the upgrade.', coinPrice: '88.50' }),
];

/** standard answers the calls of the page with ROWS (CNY prices ten times the USD ones). */
function standard(c: Call): Answer | undefined {
  if (c.path.endsWith('/dashboard/list')) {
    const cny = c.query.get('legalTender') === 'CNY';
    return { code: 0, data: ROWS.map((r) => ({ ...r, coinPrice: cny ? (Number(r.coinPrice) * 10).toFixed(2) : r.coinPrice, coinPriceUnit: cny ? 'CNY' : 'USD' })) };
  }
  if (c.path.endsWith('/static/trend')) return { code: 0, data: [{ execTime: Date.UTC(2026, 0, 1), price: '1', cnyPrice: '7', hashRate: 1, hashRateUnit: 'H/s' }] };
  if (c.path.endsWith('/hashUnit/list')) return { code: 0, data: ['H/s', 'KH/s', 'MH/s'] };
  return undefined;
}

const renderHome = (path = '/') => renderWithProviders(<HomeArea page="home" />, { path, antd: true }).router;

let notices: [string, string][] = [];
beforeEach(() => {
  notices = [];
  setNotifier((kind, text) => notices.push([kind, text]));
  Element.prototype.scrollIntoView = vi.fn();
  // antd's table and grid watch screen sizes; jsdom has no matchMedia. A wide screen.
  stubMatchMedia(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// antd renders slowly in jsdom: each test gets room.
describe('desktop home page', { timeout: 30_000 }, () => {
  it('lists the coins, opens the first row with its trend, and shows a closed coin by its message', async () => {
    const calls = serve(standard);
    renderHome();
    const btc = await screen.findByTestId('coin-row-BTC');
    expect(within(btc).getByTestId('coin-price-BTC').textContent).toBe('$96,500.50');
    expect(within(btc).getByTestId('coin-income-BTC').textContent).toContain('per H/s a day');
    expect(within(btc).getByTestId('devnet-BTC')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/dashboard/list'))?.query.get('legalTender')).toBe('USD');

    // Only the first row starts open, with the chart of its points.
    expect(await screen.findByTestId('coin-detail-BTC')).toBeTruthy();
    expect(screen.queryByTestId('coin-detail-KAS')).toBeNull();
    expect((await screen.findByTestId('trend-chart')).getAttribute('data-points')).toBe('1');

    // A closed coin: one cell with its message instead of its figures.
    const closed = screen.getByTestId('coin-closed-LTC');
    expect(closed.textContent).toContain('Litecoin opens after the upgrade.');
    expect(closed.closest('td')?.getAttribute('colspan')).toBe('7');
    expect(screen.queryByTestId('coin-price-LTC')).toBeNull();
    fireEvent.click(screen.getByTestId('coin-expand-LTC'));
    expect((await screen.findByTestId('coin-detail-LTC')).textContent).toContain('This coin is closed: Litecoin opens after the upgrade.');
  });

  it('warns that a tutorial is not online yet, and links the others', async () => {
    serve(standard);
    renderHome();
    fireEvent.click(await screen.findByTestId('tutorial-KAS'));
    expect(notices).toEqual([['warning', 'The tutorial for this coin is not online yet.']]);
    expect(screen.getByTestId('tutorial-BTC').getAttribute('href')).toBe('/tutorial/btc');
  });

  it('switches to CNY, remembers it and asks for the list in CNY', async () => {
    const calls = serve(standard);
    renderHome();
    await screen.findByTestId('coin-row-BTC');
    fireEvent.click(screen.getByTestId('legal-tender-CNY'));
    await waitFor(() => expect(screen.getByTestId('coin-price-BTC').textContent).toBe('¥965,005.00'));
    expect(localStorage.getItem('legalTender')).toBe('CNY');
    expect(calls.some((c) => c.path.endsWith('/dashboard/list') && c.query.get('legalTender') === 'CNY')).toBe(true);
  });

  it('starts in the remembered fiat', async () => {
    localStorage.setItem('legalTender', 'CNY');
    const calls = serve(standard);
    renderHome();
    await waitFor(() => expect(screen.getByTestId('coin-price-BTC').textContent).toBe('¥965,005.00'));
    expect(calls.filter((c) => c.path.endsWith('/dashboard/list')).map((c) => c.query.get('legalTender'))).toEqual(['CNY']);
  });

  it('shows the empty state, and an error with a retry that loads again', async () => {
    let fail = true;
    const calls = serve((c) => {
      if (c.path.endsWith('/dashboard/list')) return fail ? { code: 3, msg: 'database is down', data: null } : { code: 0, data: [] };
      return undefined;
    });
    renderHome();
    expect((await screen.findByTestId('coin-table-error')).textContent).toContain('The coin table could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByTestId('coin-table-retry'));
    expect((await screen.findByTestId('coin-table-empty')).textContent).toContain('No coins are listed yet.');
    expect(calls.filter((c) => c.path.endsWith('/dashboard/list'))).toHaveLength(2);
  });

  it('calculator dialog: checks the fields, sends the form and shows the four periods', async () => {
    const calls = serve((c) => {
      if (c.path.endsWith('/income/calculate'))
        return {
          code: 0,
          data: {
            dayExpectIncome: '10.50',
            dayExpectIncomeCoin: '0.00010000',
            legalTender: 'USD',
            periods: {
              day: { income: '10.50', incomeCoin: '0.00010000' },
              week: { income: '73.47', incomeCoin: '0.00070001' },
              month: { income: '314.87', incomeCoin: '0.00300004' },
              year: { income: '3831.03', incomeCoin: '0.03650049' },
            },
          },
        };
      return standard(c);
    });
    renderHome();
    fireEvent.click(await screen.findByTestId('calc-open-BTC'));
    const dialog = await screen.findByTestId('calc-dialog');
    // The defaults' figures come at once, without Calculate (issue 31).
    await waitFor(() => expect(within(dialog).getByTestId('calc-results').getAttribute('data-ready')).toBe('true'));
    const calculations = () => calls.filter((c) => c.path.endsWith('/income/calculate'));
    expect(calculations().at(-1)?.body).toMatchObject({ currencyType: 'BTC', customerHashRate: '1.00', containConsumption: false });
    const asked = calculations().length;
    const hash = within(dialog).getByTestId('calc-field-customerHashRate');
    fireEvent.change(hash, { target: { value: '1000' } });
    fireEvent.blur(hash);
    expect(within(dialog).getByTestId('calc-error-customerHashRate').textContent).toBe('At most 999.99');
    fireEvent.click(within(dialog).getByTestId('calc-submit'));
    expect(calculations()).toHaveLength(asked);

    fireEvent.change(hash, { target: { value: '2.5x' } });
    fireEvent.blur(hash);
    expect(within(dialog).queryByTestId('calc-error-customerHashRate')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('calc-tab-full'));
    fireEvent.change(within(dialog).getByTestId('calc-field-equipmentConsumption'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByTestId('calc-field-rate'), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByTestId('calc-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('calc-results').getAttribute('data-ready')).toBe('true'));
    expect(calculations()).toHaveLength(asked + 1);
    expect(calculations().at(-1)?.body).toEqual({
      legalTender: 'USD',
      currencyType: 'BTC',
      coinPrice: '96500.50',
      containConsumption: true,
      customerHashRate: '2.50',
      customerHashRateUnit: 'H/s',
      networkHashRate: '400.00',
      networkHashRateUnit: 'KH/s',
      rate: '0.025',
      equipmentConsumption: '500',
      electricityPrice: '0.00',
    });
    expect(within(dialog).getByTestId('calc-result-day').textContent).toContain('$10.50');
    // Each period is the server's own figure, not the rounded day times its days.
    expect(within(dialog).getByTestId('calc-result-week').getAttribute('data-fiat')).toBe('73.47');
    expect(within(dialog).getByTestId('calc-result-year').getAttribute('data-coin')).toBe('0.03650049');

    // Changing an input clears figures that no longer belong to it.
    fireEvent.change(hash, { target: { value: '3' } });
    expect(within(dialog).getByTestId('calc-results').getAttribute('data-ready')).toBe('false');
  });

  it("shows the server's refusal of a closed coin's calculator", async () => {
    serve((c) => {
      if (c.path.endsWith('/income/calculate')) return { code: 3, msg: 'Litecoin opens after the upgrade.', data: null };
      return standard(c);
    });
    renderHome();
    fireEvent.click(await screen.findByTestId('calc-open-LTC'));
    const dialog = await screen.findByTestId('calc-dialog');
    expect(within(dialog).getByTestId('calc-closed').textContent).toContain('Litecoin opens after the upgrade.');
    fireEvent.click(within(dialog).getByTestId('calc-submit'));
    expect((await within(dialog).findByTestId('calc-refusal')).textContent).toBe('Litecoin opens after the upgrade.');
    expect(notices).toEqual([]); // quiet: shown in the dialog, not as a toast too
  });

  it('contact form: both fields are required; a good message is sent trimmed and thanked for', async () => {
    const calls = serve(standard);
    renderHome();
    const submit = await screen.findByTestId('contact-submit');
    fireEvent.click(submit);
    const form = screen.getByTestId('contact-form');
    expect(await within(form).findByText('Please enter your name', undefined, { timeout: 5000 })).toBeTruthy();
    expect(await within(form).findByText('Please enter a way to contact you', undefined, { timeout: 5000 })).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/contact'))).toBe(false);

    fireEvent.change(screen.getByTestId('contact-name'), { target: { value: '  Li Wei ' } });
    fireEvent.change(screen.getByTestId('contact-information'), { target: { value: ' li@example.com' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('contact-success')).textContent).toContain('we have your message');
    expect(calls.find((c) => c.path.endsWith('/contact'))?.body).toEqual({ name: 'Li Wei', contactInformation: 'li@example.com' });
  });

  it('scrolls to the contact form when the address names it', async () => {
    serve(standard);
    renderHome('/#contact');
    await screen.findByTestId('contact');
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled(), { timeout: 5000 });
    const scrolled = vi.mocked(Element.prototype.scrollIntoView).mock.contexts as Element[];
    expect(scrolled.some((el) => el.id === 'contact')).toBe(true);
  });
});
