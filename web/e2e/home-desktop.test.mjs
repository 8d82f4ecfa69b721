// The desktop home page against a real poold: coins added with `poold admin coin add`
// (devnet, on free stratum ports, so the stratum role measures a network hashrate),
// prices set with `poold admin price set`, a closed coin and a coin without a tutorial.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, launchBrowser, storageItem } from './browser.mjs';
import { freePort, runPoold, skipReason, startPoold } from './server.mjs';

const CLOSED_MSG = 'Litecoin opens after the merged-mining upgrade.';
const PRICES = {
  ALEO: { USD: '0.21', CNY: '1.49' },
  BTC: { USD: '96500.5', CNY: '685150.25' },
  KAS: { USD: '0.071', CNY: '0.5' },
};
const devnet = (reward) => ['--driver', 'devnet', '--driver-config', 'network_hashrate=400000', '--driver-config', `block_reward=${reward}`, '--driver-config', 'block_time=60s'];

/** groupDigits writes "685150.25" as the page does: "685,150.25". */
const groupDigits = (s) => s.replace(/^(\d+)/, (w) => w.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

describe('desktop home page', { skip: skipReason(), timeout: 240_000 }, () => {
  let server;
  let browser;

  /** api calls the server as the English page does and gives the whole envelope. */
  const api = async (method, path, body) => {
    const res = await fetch(server.url + path, {
      method,
      headers: { 'content-type': 'application/json', language: 'en_US' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  };
  const listed = async (fiat) => (await api('GET', `/api/pc/v1/dashboard/list?legalTender=${fiat}`)).data;

  /** openHome opens / at desktop size and waits for the table's rows. */
  const openHome = async (path = '/') => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    /** chartScripts are the chart chunks (ECharts) the page has asked for. */
    const chartScripts = [];
    page.on('request', (r) => /\/assets\/trend-chart-[^/]*\.js$/.test(r.url()) && chartScripts.push(r.url()));
    await page.goto(server.url + path);
    await page.getByTestId('coin-row-BTC').waitFor();
    return { context, page, chartScripts };
  };

  before(async () => {
    const [aleoPort, btcPort, kasPort] = [await freePort(), await freePort(), await freePort()];
    const setup = [
      ['admin', 'coin', 'add', 'ALEO', '--name', 'Aleo', '--algorithm', 'aleo', '--decimals', '6', '--icon', '/coins/aleo.svg', '--ports', String(aleoPort),
        '--tutorial', '/tutorial/deviceAccess', '--sort', '1', ...devnet(4_000_000)],
      ['admin', 'coin', 'add', 'BTC', '--name', 'Bitcoin', '--algorithm', 'sha256d', '--icon', '/coins/btc.svg', '--ports', String(btcPort),
        '--tutorial', '/tutorial/btc', '--sort', '2', ...devnet(312_500_000)],
      // Kaspa has no tutorial and no icon: its link warns, its avatar is a letter.
      ['admin', 'coin', 'add', 'KAS', '--name', 'Kaspa', '--algorithm', 'kheavyhash', '--ports', String(kasPort), '--sort', '3', ...devnet(5_500_000_000)],
      ['admin', 'coin', 'add', 'LTC', '--name', 'Litecoin', '--algorithm', 'scrypt', '--icon', '/coins/ltc.svg', '--sort', '4', '--open=false',
        '--closed-msg', `en_US=${CLOSED_MSG}`],
    ];
    for (const [coin, fiats] of Object.entries(PRICES)) for (const [fiat, v] of Object.entries(fiats)) setup.push(['admin', 'price', 'set', coin, fiat, v]);
    server = await startPoold({ setup, args: ['--stratum-bind', '127.0.0.1'] });
    // The stratum role measures each coin's network when it starts, just after /healthz answers.
    await waitUntil(async () => (await listed('USD')).filter((r) => r.networkHashRate > 0).length === 3, { what: 'network hashrates' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the coins with the prices set, the first row open with its chart', async () => {
    const { context, page, chartScripts } = await openHome();
    const rows = await listed('USD');
    assert.deepEqual(rows.map((r) => r.currencyType), ['ALEO', 'BTC', 'KAS', 'LTC']);
    for (const type of ['ALEO', 'BTC', 'KAS', 'LTC']) assert.ok(await page.getByTestId(`coin-row-${type}`).isVisible(), type);
    assert.equal(await page.getByTestId('coin-price-BTC').textContent(), '$96,500.50');
    assert.equal(await page.getByTestId('coin-price-ALEO').textContent(), '$0.2100', 'four significant digits below one');
    const btc = rows.find((r) => r.currencyType === 'BTC');
    const income = await page.getByTestId('coin-income-BTC').textContent();
    assert.ok(income.includes(`$${groupDigits(btc.dayExpectIncome)}`) && income.includes(btc.dayExpectIncomeCoin), income);
    assert.ok(income.includes('per H/s a day'), income);
    assert.ok(await page.getByTestId('devnet-BTC').isVisible());
    assert.equal(await page.getByTestId('coin-row-KAS').locator('img').count(), 0, 'a coin without an icon shows a letter');

    // The first row starts expanded, with a drawn chart.
    const detail = page.getByTestId('coin-detail-ALEO');
    await detail.waitFor();
    assert.equal(await page.getByTestId('coin-detail-BTC').count(), 0, 'only the first row starts expanded');
    // The chart sits below the fold: ECharts loads when it is scrolled to, not with the page.
    await page.waitForLoadState('networkidle');
    assert.deepEqual(chartScripts, [], 'the chart loaded before it was in view');
    await shot(page, 'home-desktop-top');
    await detail.getByTestId('trend-chart-box').scrollIntoViewIfNeeded();
    const chart = detail.getByTestId('trend-chart');
    await chart.locator('canvas').waitFor();
    assert.equal(chartScripts.length, 1);
    assert.ok(Number(await chart.getAttribute('data-points')) >= 1);

    // Year asks for the last 181 days and draws again.
    const yearCall = page.waitForResponse((r) => r.url().includes('/static/trend') && r.url().includes('currencyType=ALEO'));
    await detail.getByTestId('trend-range-year').click();
    const url = new URL((await yearCall).url());
    const days = (Date.parse(url.searchParams.get('endTime').replace(' ', 'T')) - Date.parse(url.searchParams.get('beginTime').replace(' ', 'T'))) / 86_400_000;
    assert.equal(Math.round(days), 181);
    await detail.locator('[data-range=year] [data-testid=trend-chart] canvas').waitFor();
    assert.ok(Number(await detail.getByTestId('trend-chart').getAttribute('data-points')) >= 1);
    await detail.getByTestId('trend-range-month').click();
    await detail.locator('[data-range=month] [data-testid=trend-chart] canvas').waitFor();

    // Another row opens on a click.
    await page.getByTestId('coin-expand-BTC').click();
    await page.getByTestId('coin-detail-BTC').getByTestId('trend-chart-box').scrollIntoViewIfNeeded();
    await page.getByTestId('coin-detail-BTC').getByTestId('trend-chart').locator('canvas').waitFor();
    await context.close();
  });

  it('calculates like the server, basic and full, and refuses a hashrate above 999.99', async () => {
    const { context, page } = await openHome();
    const btc = (await listed('USD')).find((r) => r.currencyType === 'BTC');
    await page.getByTestId('calc-open-BTC').click();
    const dialog = page.getByTestId('calc-dialog');
    await dialog.waitFor();
    assert.ok((await dialog.textContent()).includes('Pay per share'), 'the dialog explains pay-per-share');
    // The defaults' figures show at once, before Calculate is pressed (issue 31).
    await dialog.locator('[data-testid=calc-results][data-ready=true]').waitFor();
    assert.match(await dialog.getByTestId('calc-result-day').getAttribute('data-fiat'), /\d/);
    assert.ok(!(await dialog.getByTestId('calc-result-day').textContent()).includes('—'));

    const check = async (variant, fields, extra) => {
      await dialog.getByTestId(`calc-tab-${variant}`).click();
      for (const [name, value] of Object.entries(fields)) {
        await dialog.getByTestId(`calc-field-${name}`).fill(value);
        await dialog.getByTestId(`calc-field-${name}`).blur();
      }
      const body = {
        legalTender: 'USD', currencyType: 'BTC', coinPrice: '96500.50', containConsumption: variant === 'full',
        customerHashRate: Number(fields.customerHashRate).toFixed(2), customerHashRateUnit: 'H/s',
        networkHashRate: btc.networkHashRateShow, networkHashRateUnit: btc.networkHashRateUnit, rate: '0.01', ...extra,
      };
      // The chain may move between two calls: compare the page's figure with the server's until they meet.
      return waitUntil(async () => {
        const sent = page.waitForRequest((r) => r.url().includes('/income/calculate'));
        await dialog.getByTestId('calc-submit').click();
        assert.deepEqual(JSON.parse((await sent).postData()), body);
        await dialog.locator('[data-testid=calc-results][data-ready=true]').waitFor();
        const server = await api('POST', '/api/pc/v1/dashboard/income/calculate', body);
        assert.equal(server.code, 0, server.msg);
        const day = dialog.getByTestId('calc-result-day');
        const year = dialog.getByTestId('calc-result-year');
        if ((await day.getAttribute('data-fiat')) !== server.data.dayExpectIncome) return false;
        assert.equal(await day.getAttribute('data-coin'), server.data.dayExpectIncomeCoin);
        assert.equal(await year.getAttribute('data-coin'), server.data.periods.year.incomeCoin);
        assert.equal(await year.getAttribute('data-fiat'), server.data.periods.year.income);
        assert.ok((await day.textContent()).includes(`$${groupDigits(server.data.dayExpectIncome)}`));
        return server.data;
      }, { what: `${variant} result` });
    };

    const basic = await check('basic', { customerHashRate: '2.5' }, {});
    const full = await check('full', { customerHashRate: '2.5', equipmentConsumption: '500', electricityPrice: '0.1' }, { equipmentConsumption: '500.00', electricityPrice: '0.10' });
    assert.equal(full.dayExpectIncomeCoin, basic.dayExpectIncomeCoin, 'electricity costs fiat, not coins');
    assert.ok(Number(full.dayExpectIncome) < Number(basic.dayExpectIncome), 'electricity lowers the fiat income');
    await shot(page, 'home-desktop-calculator');

    // 1000 is over the limit: the message shows under the field and nothing is sent.
    let calls = 0;
    page.on('request', (r) => r.url().includes('/income/calculate') && calls++);
    await dialog.getByTestId('calc-field-customerHashRate').fill('1000');
    await dialog.getByTestId('calc-field-customerHashRate').blur();
    const error = dialog.getByTestId('calc-error-customerHashRate');
    await error.waitFor();
    assert.equal(await error.textContent(), 'At most 999.99');
    await dialog.getByTestId('calc-submit').click();
    await page.waitForTimeout(500);
    assert.equal(calls, 0);
    assert.equal(await dialog.locator('[data-testid=calc-results]').getAttribute('data-ready'), 'false');
    await context.close();
  });

  it('remembers CNY over a reload and shows the CNY prices set', async () => {
    const { context, page } = await openHome();
    const cny = page.waitForResponse((r) => r.url().includes('/dashboard/list?legalTender=CNY'));
    await page.getByTestId('legal-tender-CNY').click();
    await cny;
    await page.waitForFunction(() => document.querySelector('[data-testid=coin-price-BTC]')?.textContent === '¥685,150.25');
    assert.equal(await page.getByTestId('coin-price-ALEO').textContent(), '¥1.49');
    assert.equal(await storageItem(page, 'legalTender'), 'CNY');

    const again = page.waitForResponse((r) => r.url().includes('/dashboard/list?legalTender=CNY'));
    await page.reload();
    await again;
    await page.waitForFunction(() => document.querySelector('[data-testid=coin-price-BTC]')?.textContent === '¥685,150.25');
    assert.equal(await page.getByTestId('coin-price-KAS').textContent(), '¥0.5000');
    const selected = page.getByTestId('legal-tender-toggle').locator('.ant-segmented-item-selected');
    assert.equal((await selected.textContent()).trim(), 'CNY');
    await page.getByTestId('legal-tender-USD').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=coin-price-BTC]')?.textContent === '$96,500.50');
    assert.equal(await storageItem(page, 'legalTender'), 'USD');
    await context.close();
  });

  it('shows a closed coin with its message and refuses its calculator with it', async () => {
    const { context, page } = await openHome();
    const row = page.getByTestId('coin-row-LTC');
    assert.equal(await row.getAttribute('data-open'), 'false');
    assert.equal((await page.getByTestId('coin-closed-LTC').textContent()).trim(), CLOSED_MSG);

    await page.getByTestId('coin-expand-LTC').click();
    assert.ok((await page.getByTestId('coin-detail-LTC').textContent()).includes(CLOSED_MSG));
    assert.equal(await page.getByTestId('coin-detail-LTC').getByTestId('trend-chart').count(), 0);

    await page.getByTestId('calc-open-LTC').click();
    const dialog = page.getByTestId('calc-dialog');
    await dialog.waitFor();
    assert.ok((await dialog.getByTestId('calc-closed').textContent()).includes(CLOSED_MSG));
    await dialog.getByTestId('calc-submit').click();
    const refusal = dialog.getByTestId('calc-refusal');
    await refusal.waitFor();
    const server = await api('POST', '/api/pc/v1/dashboard/income/calculate', {
      legalTender: 'USD', currencyType: 'LTC', coinPrice: '1', containConsumption: false, customerHashRate: '1',
      customerHashRateUnit: 'H/s', networkHashRate: '1', networkHashRateUnit: 'H/s', rate: '0',
    });
    assert.equal(server.code, 3);
    assert.equal(server.msg, CLOSED_MSG);
    assert.equal((await refusal.textContent()).trim(), server.msg);
    await shot(page, 'home-desktop-closed');
    await context.close();
  });

  it('links tutorials, and warns when a coin has none', async () => {
    const { context, page } = await openHome();
    assert.equal(await page.getByTestId('tutorial-BTC').getAttribute('href'), '/tutorial/btc');
    await page.getByTestId('tutorial-KAS').click();
    const notice = page.locator('.ant-message-notice').filter({ hasText: 'The tutorial for this coin is not online yet.' });
    await notice.waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    await page.getByTestId('tutorial-BTC').click();
    await page.waitForURL((u) => u.pathname === '/tutorial/btc');
    await context.close();
  });

  it('scrolls to the services and to #contact', async () => {
    const { context, page } = await openHome();
    const inView = (id) =>
      page.evaluate((i) => {
        const r = document.getElementById(i).getBoundingClientRect();
        return r.top >= 0 && r.top < window.innerHeight / 2;
      }, id);
    assert.equal(await inView('services'), false);
    await page.getByTestId('learn-more').click();
    await waitUntil(() => inView('services'), { what: 'services in view' });

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('footer-contact').locator('a').click();
    await waitUntil(() => inView('contact'), { what: 'contact in view after the footer link' });
    assert.equal(new URL(page.url()).hash, '#contact');
    await context.close();

    const direct = await openHome('/#contact');
    await waitUntil(() => direct.page.evaluate(() => {
      const r = document.getElementById('contact').getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight / 2;
    }), { what: 'contact in view when opened at /#contact' });
    await direct.context.close();
  });

  it('checks the contact form and stores a good message', async () => {
    const { context, page } = await openHome('/#contact');
    const form = page.getByTestId('contact-form');
    await page.getByTestId('contact-submit').click();
    await form.getByText('Please enter your name').waitFor();
    await form.getByText('Please enter a way to contact you').waitFor();
    await shot(page, 'home-desktop-contact-errors');

    // Spaces only are still empty.
    await page.getByTestId('contact-name').fill('   ');
    await page.getByTestId('contact-submit').click();
    await form.getByText('Please enter your name').waitFor();

    const name = `E2E Miner ${Date.now()}`;
    await page.getByTestId('contact-name').fill(`  ${name} `);
    await page.getByTestId('contact-information').fill('miner@example.com');
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-success').waitFor();
    assert.ok((await page.getByTestId('contact-success').textContent()).includes('we have your message'));
    const { stdout } = await runPoold(['admin', '--db', server.db, 'contact', 'list']);
    // The list quotes each value: the name is stored trimmed.
    const line = stdout.split('\n').find((l) => l.includes(`"${name}"`));
    assert.ok(line, stdout);
    assert.ok(line.includes('"miner@example.com"'), line);
    await page.getByTestId('contact-again').click();
    assert.equal(await page.getByTestId('contact-name').inputValue(), '');
    await context.close();
  });
});
