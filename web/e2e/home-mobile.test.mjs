// The phone's home, coin list and coin pages against the real server: coins set up with
// `poold admin` (two open devnet coins on free stratum ports, one closed coin), prices in
// USD and CNY. The calculator's figures are checked against the server's own answer for
// the same input, so nothing here hard-codes an income.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { PHONE, launchBrowser, pathOf, storageItem, waitForPath } from './browser.mjs';
import { freePort, skipReason, startPoold } from './server.mjs';

const homeTexts = (lang) => JSON.parse(readFileSync(new URL(`../src/features/home/locales/${lang}.json`, import.meta.url), 'utf8'));
const dashTexts = (lang) => JSON.parse(readFileSync(new URL(`../src/features/dashboard/locales/${lang}.json`, import.meta.url), 'utf8'));
const EN = { home: homeTexts('en_US'), dash: dashTexts('en_US') };

const CLOSED = {
  en_US: 'Litecoin mining is paused for a network upgrade.',
  zh_CN: '莱特币挖矿因网络升级暂停。',
  zh_HK: '萊特幣挖礦因網絡升級暫停。',
  ko_KR: '라이트코인 채굴은 네트워크 업그레이드로 일시 중지되었습니다.',
};

// A devnet chain at 400 KH/s with a block a minute; BTC's small block reward keeps the
// income of one KH/s near half a dollar a day.
const devnet = ['--driver-config', 'network_hashrate=400000', '--driver-config', 'block_time=60s'];

async function setup() {
  const [btcPort, kasPort] = [await freePort(), await freePort()];
  const coin = (...args) => ['admin', 'coin', 'add', ...args];
  const price = (c, fiat, v) => ['admin', 'price', 'set', c, fiat, v];
  return [
    coin('BTC', '--name', 'Bitcoin', '--algorithm', 'sha256d', '--unit', 'BTC', '--decimals', '8', '--icon', '/coins/btc.svg',
      '--ports', String(btcPort), '--tutorial', '/tutorial/btc', '--hash-unit', 'KH/s', '--fee-bps', '200', '--sort', '1',
      ...devnet, '--driver-config', 'block_reward=150'),
    // No icon and no tutorial: a letter avatar and the "not online yet" warning.
    coin('KAS', '--name', 'Kaspa', '--algorithm', 'kheavyhash', '--unit', 'KAS', '--decimals', '8', '--ports', String(kasPort),
      '--sort', '2', ...devnet, '--driver-config', 'block_reward=5000000000'),
    coin('LTC', '--name', 'Litecoin', '--algorithm', 'scrypt', '--unit', 'LTC', '--icon', '/coins/ltc.svg', '--open=false', '--sort', '3',
      ...Object.entries(CLOSED).flatMap(([lang, msg]) => ['--closed-msg', `${lang}=${msg}`])),
    price('BTC', 'USD', '96500'),
    price('BTC', 'CNY', '685150'),
    price('KAS', 'USD', '0.1234'),
    price('KAS', 'CNY', '0.88'),
    price('LTC', 'USD', '85.5'),
    price('LTC', 'CNY', '607'),
  ];
}

describe('home, coin list and coin pages on a phone', { skip: skipReason(), timeout: 240_000 }, () => {
  let server;
  let browser;
  let context;
  let page;
  const calls = [];

  const api = async (method, pathname, { body, lang = 'en_US' } = {}) => {
    const res = await fetch(server.url + pathname, {
      method,
      headers: { 'Content-Type': 'application/json', language: lang },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  };
  const listRow = async (coin, fiat = 'USD') => (await api('GET', `/api/pc/v1/dashboard/list?legalTender=${fiat}`)).data.find((r) => r.currencyType === coin);
  const calcOnServer = async (body) => {
    const env = await api('POST', '/api/pc/v1/dashboard/income/calculate', { body });
    assert.equal(env.code, 0, `server calculation: ${env.msg}`);
    return env.data;
  };
  const called = (part) => calls.filter((c) => c.url.includes(part));

  before(async () => {
    const setupCommands = await setup();
    [server, browser] = await Promise.all([startPoold({ setup: setupCommands, args: ['--stratum-bind', '127.0.0.1'] }), launchBrowser()]);
    // The engines compute the network figures as they start; the list shows income after that.
    await waitUntil(async () => (await listRow('BTC'))?.dayExpectIncome, { what: 'BTC income in the list' });
    context = await browser.newContext({ ...PHONE, timezoneId: 'Asia/Shanghai' });
    page = await context.newPage();
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push({ method: r.method(), url: r.url(), body: r.postData() });
    });
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists the coins on the home page, the first open with a chart and a quick calculator', async () => {
    await page.goto(server.url + '/mobile');
    const cards = page.getByTestId('coin-card');
    await cards.first().waitFor();
    assert.deepEqual(await cards.evaluateAll((els) => els.map((e) => e.dataset.coin)), ['BTC', 'KAS', 'LTC']);
    const btc = cards.nth(0);
    assert.equal(await btc.getByRole('button', { expanded: true }).count(), 1);
    assert.equal(await cards.nth(1).getByRole('button', { expanded: false }).count(), 1);
    assert.equal((await btc.getByTestId('coin-price').textContent()).trim(), '$96,500.00');
    const row = await listRow('BTC');
    assert.match(await btc.getByTestId('coin-income').textContent(), new RegExp(`\\$${row.dayExpectIncome.replace('.', '\\.')}`));
    assert.match(await btc.getByTestId('coin-pool-hashrate').textContent(), /H\/s/);
    // KAS has no icon: a letter stands in.
    assert.equal((await cards.nth(1).locator('.up-mcoin-avatar--letter').textContent()).trim(), 'K');
    // The closed coin says why.
    await cards.nth(2).getByTestId('closed-msg').filter({ hasText: CLOSED.en_US }).waitFor();
    await cards.nth(2).getByText(EN.dash.closed, { exact: true }).waitFor();
    // The first card's chart is drawn on a canvas with at least the point the jobs role recorded.
    await btc.getByTestId('trend-chart-box').scrollIntoViewIfNeeded();
    const chart = btc.getByTestId('trend-chart');
    await chart.locator('canvas').waitFor();
    assert.ok(Number(await chart.getAttribute('data-points')) >= 1);

    // The quick calculator shows the defaults' figures at once, before Calculate (issue 31).
    await btc.getByTestId('calc-result-day').waitFor();
    assert.match(await btc.getByTestId('calc-result-day').getAttribute('data-fiat'), /\d/);
    const auto = called('/income/calculate').map((c) => JSON.parse(c.body)).find((b) => b.currencyType === 'BTC');
    assert.equal(auto?.customerHashRate, '1.00');
    // The quick calculator agrees with the server for the same input.
    await btc.getByLabel(EN.dash.calc.hashRate).fill('3');
    await btc.getByTestId('calc-submit').click();
    const day = btc.getByTestId('calc-result-day');
    await day.waitFor();
    const server1 = await calcOnServer({
      legalTender: 'USD', currencyType: 'BTC', coinPrice: row.coinPrice, containConsumption: false, customerHashRate: '3',
      customerHashRateUnit: 'KH/s', networkHashRate: row.networkHashRateShow, networkHashRateUnit: row.networkHashRateUnit, rate: '0.02',
    });
    assert.equal(await day.getAttribute('data-fiat'), server1.dayExpectIncome);
    assert.equal(await day.getAttribute('data-coin'), server1.dayExpectIncomeCoin);
    await shot(page, 'mobile-home-en_US');

    // Opening another coin closes the first.
    await cards.nth(1).getByRole('button', { expanded: false }).click();
    assert.equal(await btc.getByRole('button', { expanded: false }).count(), 1);
    await cards.nth(1).getByTestId('trend-chart-box').scrollIntoViewIfNeeded();
    await cards.nth(1).getByTestId('trend-chart').locator('canvas').waitFor();
  });

  it('learn more scrolls to the services', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('learn-more').click();
    await waitUntil(
      () => page.getByTestId('home-services').evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 120),
      { what: 'the services section at the top of the screen' },
    );
  });

  it('switches to CNY, refetches, and keeps the choice over a reload', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const before = called('legalTender=CNY').length;
    await page.getByTestId('fiat-toggle').first().getByText(EN.dash.legalTender.CNY, { exact: true }).click();
    await waitUntil(() => called('legalTender=CNY').length > before, { what: 'the list in CNY' });
    const price = page.getByTestId('coin-card').first().getByTestId('coin-price');
    await waitUntil(async () => (await price.textContent()).trim() === '¥685,150.00', { what: 'the CNY price' });
    assert.equal(await storageItem(page, 'legalTender'), 'CNY');
    await page.reload();
    await waitUntil(async () => (await price.textContent())?.trim() === '¥685,150.00', { what: 'the CNY price after a reload' });
    assert.equal(await page.getByTestId('fiat-toggle').first().getByRole('radio', { checked: true }).count(), 1);
    assert.equal(await page.getByTestId('fiat-toggle').first().locator('.adm-segmented-item-selected').textContent(), EN.dash.legalTender.CNY);
    // The coin list starts in the same fiat.
    await page.getByTestId('all-coins').click();
    await waitForPath(page, '/mobile/currencyList');
    await page.getByTestId('coin-row').first().getByText('¥685,150.00').waitFor();
    await page.getByTestId('fiat-toggle').getByText(EN.dash.legalTender.USD, { exact: true }).click();
    await page.getByTestId('coin-row').first().getByText('$96,500.00').waitFor();
    assert.equal(await storageItem(page, 'legalTender'), 'USD');
  });

  it('lists every coin with its figures, and a tap opens the coin', async () => {
    await page.goto(server.url + '/mobile/currencyList');
    const rows = page.getByTestId('coin-row');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 3);
    const btc = page.locator('[data-testid="coin-row"][data-coin="BTC"]');
    const row = await listRow('BTC');
    assert.equal((await btc.getByTestId('coin-fee').textContent()).trim(), row.fee);
    assert.equal((await btc.getByTestId('coin-network-hashrate').textContent()).trim(), `${row.networkHashRateShow}\u00a0${row.networkHashRateUnit}`);
    assert.equal((await btc.getByTestId('coin-miners').textContent()).trim(), String(row.activeMiners));
    assert.match(await btc.getByTestId('coin-income').textContent(), new RegExp(row.dayExpectIncome.replace('.', '\\.')));
    await page.locator('[data-testid="coin-row"][data-coin="LTC"]').getByText(CLOSED.en_US).waitFor();
    await shot(page, 'mobile-currency-list-en_US');
    await btc.click();
    await waitForPath(page, '/mobile/currencyDetail?currencyType=BTC');
  });

  it('shows the coin page with its chart, in a month or a half year', async () => {
    const detail = page.getByTestId('coin-detail');
    await detail.waitFor();
    assert.equal(await detail.getAttribute('data-coin'), 'BTC');
    // ECharts loads when the chart is scrolled to.
    await page.getByTestId('trend-chart-box').scrollIntoViewIfNeeded();
    const chart = page.getByTestId('trend-chart');
    await chart.locator('canvas').waitFor();
    assert.ok(Number(await chart.getAttribute('data-points')) >= 1);
    const before = called('/static/trend').length;
    await page.getByTestId('trend-range').getByText(EN.dash.trend.year, { exact: true }).click();
    await waitUntil(() => called('/static/trend').length > before, { what: 'the half-year trend' });
    const [month, year] = called('/static/trend').slice(-2).map((c) => new URL(c.url).searchParams.get('beginTime'));
    assert.ok(year < month, `the year range starts earlier (${year} < ${month})`);
    await chart.locator('canvas').waitFor();
    await page.getByTestId('figure-fee').getByText('2.00%').waitFor();
  });

  it('refuses bad calculator input field by field, and calls nothing', async () => {
    const hash = page.getByLabel(EN.dash.calc.hashRate);
    await hash.fill('12a.3456789');
    assert.equal(await hash.inputValue(), '12.3456');
    await hash.fill('1000');
    await hash.blur();
    assert.equal(await hash.inputValue(), '1000.00');
    const error = page.getByTestId('calc-field-customerHashRate').getByTestId('calc-error');
    await error.filter({ hasText: EN.dash.calc.errors.tooLarge.replace('{{max}}', '999.99') }).waitFor();
    const fee = page.getByLabel(EN.dash.calc.rate);
    await fee.fill('');
    await fee.blur();
    await page.getByTestId('calc-field-rate').getByText(EN.dash.calc.errors.required, { exact: true }).waitFor();
    const before = called('/income/calculate').length;
    await page.getByTestId('calc-submit').click();
    await error.waitFor();
    assert.equal(called('/income/calculate').length, before);
    assert.equal(await page.getByTestId('calc-result').count(), 0);
    await shot(page, 'mobile-calculator-errors-en_US');
    await fee.fill('2');
    await fee.blur();
    assert.equal(await fee.inputValue(), '2.00');
  });

  it('gives the server figures for the basic and full calculators, for a year, month, week and day', async () => {
    const row = await listRow('BTC');
    const hash = page.getByLabel(EN.dash.calc.hashRate);
    await hash.fill('12.5');
    await hash.blur();
    assert.equal(await hash.inputValue(), '12.50');
    await page.getByTestId('calc-unit').selectOption('MH/s');
    await page.getByTestId('calc-submit').click();
    await page.getByTestId('calc-result').waitFor();
    const base = {
      legalTender: 'USD', currencyType: 'BTC', coinPrice: row.coinPrice, customerHashRate: '12.50', customerHashRateUnit: 'MH/s',
      networkHashRate: row.networkHashRateShow, networkHashRateUnit: row.networkHashRateUnit, rate: '0.02',
    };
    const basic = await calcOnServer({ ...base, containConsumption: false });
    const sent = JSON.parse(called('/income/calculate').at(-1).body);
    assert.deepEqual(sent, { ...base, containConsumption: false });
    for (const period of ['day', 'week', 'month', 'year']) {
      const cell = page.getByTestId(`calc-result-${period}`);
      assert.equal(await cell.getAttribute('data-fiat'), basic.periods[period].income, period);
      assert.equal(await cell.getAttribute('data-coin'), basic.periods[period].incomeCoin, period);
    }
    assert.equal(basic.periods.day.income, basic.dayExpectIncome);
    assert.match(await page.getByTestId('calc-result-day').textContent(), /\$/);

    await page.getByTestId('calc-variant').getByText(EN.dash.calc.full, { exact: true }).click();
    assert.equal(await page.getByTestId('calc-result').count(), 0);
    await page.getByLabel(EN.dash.calc.equipmentConsumption).fill('950');
    await page.getByLabel(EN.dash.calc.electricityPrice.replace('{{fiat}}', 'USD')).fill('0.08');
    await page.getByTestId('calc-submit').click();
    await page.getByTestId('calc-result').waitFor();
    const full = await calcOnServer({ ...base, containConsumption: true, equipmentConsumption: '950', electricityPrice: '0.08' });
    assert.notEqual(full.dayExpectIncome, basic.dayExpectIncome, 'electricity changes the fiat income');
    assert.equal(await page.getByTestId('calc-result-day').getAttribute('data-fiat'), full.dayExpectIncome);
    assert.equal(await page.getByTestId('calc-result-year').getAttribute('data-fiat'), full.periods.year.income);
    assert.equal(await page.getByTestId('calc-result-day').getAttribute('data-coin'), full.dayExpectIncomeCoin);
    await shot(page, 'mobile-currency-detail-en_US');
  });

  it('opens the mobile tutorial, or says it is not online yet', async () => {
    await page.getByTestId('tutorial-link').click();
    await waitForPath(page, '/mobile/tutorial/btc');
    await page.goto(server.url + '/mobile/currencyDetail?currencyType=kas');
    await page.getByTestId('coin-detail').waitFor();
    await page.getByTestId('tutorial-link').click();
    await page.getByText(EN.dash.tutorial.notOnline).waitFor();
    // A warning (SPEC section 4), marked as one, as the desktop's is.
    await page.locator('.adm-toast-main').getByTestId('toast-warning').waitFor();
    assert.equal(pathOf(page), '/mobile/currencyDetail?currencyType=kas');
  });

  it('shows a closed coin with its message and the calculator refused with it', async () => {
    await page.goto(server.url + '/mobile/currencyDetail?currencyType=LTC');
    await page.getByTestId('coin-detail').waitFor();
    await page.getByTestId('closed-msg').filter({ hasText: CLOSED.en_US }).waitFor();
    await page.getByTestId('calc-submit').click();
    const refusal = page.getByTestId('calc-refusal');
    await refusal.waitFor();
    assert.match(await refusal.textContent(), new RegExp(CLOSED.en_US.replace('.', '\\.')));
    assert.equal(await page.getByTestId('calc-result').count(), 0);
    await shot(page, 'mobile-currency-closed-en_US');
  });

  it('says when a coin is unknown or missing, with a way back', async () => {
    await page.goto(server.url + '/mobile/currencyDetail?currencyType=NOPE');
    await page.getByTestId('coin-not-found').getByText('NOPE').waitFor();
    await page.goto(server.url + '/mobile/currencyDetail');
    await page.getByTestId('coin-not-found').waitFor();
    await page.getByTestId('not-found-back').click();
    await waitForPath(page, '/mobile/currencyList');
  });

  it('checks the contact form and sends it', async () => {
    await page.goto(server.url + '/mobile/currencyList');
    await page.getByTestId('coin-row').first().waitFor();
    // The footer's contact link lands on the home page's contact section.
    await page.getByTestId('footer-contact').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/mobile' && u.hash === '#contact');
    const contact = page.getByTestId('home-contact');
    await waitUntil(() => contact.evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 120), { what: 'the contact section in view' });
    const form = EN.home.contact;
    await page.getByTestId('contact-submit').click();
    await contact.getByText(form.errors.name.required).waitFor();
    await contact.getByText(form.errors.contactInformation.required).waitFor();
    await contact.getByLabel(form.name).fill('x'.repeat(51));
    await contact.getByText(form.errors.name.tooLong.replace('{{max}}', '50')).waitFor();
    await shot(page, 'mobile-contact-errors-en_US');
    assert.equal(called('/pc/v1/contact').length, 0);
    await contact.getByLabel(form.name).fill('  Miner Li ');
    await contact.getByLabel(form.contactInformation).fill('li@example.com');
    const request = page.waitForRequest((r) => r.url().includes('/pc/v1/contact') && r.method() === 'POST');
    await page.getByTestId('contact-submit').click();
    assert.deepEqual((await request).postDataJSON(), { name: 'Miner Li', contactInformation: 'li@example.com' });
    await page.getByText(form.success).waitFor();
    assert.equal(await contact.getByLabel(form.name).inputValue(), '');
  });

  for (const [locale, lang, size] of [
    ['zh-HK', 'zh_HK', { width: 360, height: 740 }],
    ['ko-KR', 'ko_KR', { width: 390, height: 844 }],
  ]) {
    it(`reads in ${lang} at ${size.width}x${size.height}`, async () => {
      const ctx = await browser.newContext({ ...PHONE, viewport: size, locale });
      try {
        const p = await ctx.newPage();
        await p.goto(server.url + '/mobile');
        const home = homeTexts(lang);
        const dash = dashTexts(lang);
        await p.getByRole('heading', { name: home.banner.headline }).waitFor();
        await p.getByRole('heading', { name: home.coins.title }).waitFor();
        await p.getByTestId('coin-card').nth(2).getByText(CLOSED[lang]).waitFor();
        // The quick calculator loads when it comes into view.
        await p.getByTestId('coin-card').first().getByTestId('quick-calc').scrollIntoViewIfNeeded();
        await p.getByTestId('coin-card').first().getByTestId('calc-submit').filter({ hasText: dash.calc.calculate }).waitFor();
        // Nothing is wider than the screen.
        assert.equal(await p.evaluate(() => document.documentElement.scrollWidth), size.width);
        await shot(p, `mobile-home-${lang}-${size.width}`);
        await p.goto(server.url + '/mobile/currencyDetail?currencyType=BTC');
        await p.getByTestId('trend-chart-box').scrollIntoViewIfNeeded();
        await p.getByTestId('trend-chart').locator('canvas').waitFor();
        await p.getByRole('heading', { name: dash.calc.title }).waitFor();
        assert.equal(await p.evaluate(() => document.documentElement.scrollWidth), size.width);
        await shot(p, `mobile-currency-detail-${lang}-${size.width}`);
      } finally {
        await ctx.close();
      }
    });
  }
});
