// Earnings and assets against the real binary: `poold serve --demo` (API and jobs roles,
// no stratum ports) gives the demo account a week of settled earnings made by the real
// settlement; the desktop pages in English and the phone pages in Chinese must show the
// figures the API gives, and the day's audit must download. The days table shows grey blocks
// while its first page loads; an asset entry's reference copies whole.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { apiTicket, shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn } from './pool.mjs';
import { skipReason, startPoold } from './server.mjs';

describe('earnings and assets', { skip: skipReason(), timeout: 240_000 }, () => {
  let server;
  let browser;
  let login;
  const contexts = [];

  const api = async (pathname, query = {}) => {
    const url = new URL(pathname, server.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const env = await (await fetch(url, { headers: { 'x-token': login.token, language: 'en_US' } })).json();
    assert.equal(env.code, 0, `${pathname}: ${env.msg}`);
    return env.data;
  };

  before(async () => {
    server = await startPoold({ args: ['--demo', '--roles', 'api,jobs'], startTimeoutMs: 60_000 });
    // The API answers before the demo data is in: log in once the demo account exists.
    login = await waitUntil(
      async () => {
        const res = await fetch(`${server.url}/api/pc/v1/common/customer/login/email/pwd`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', language: 'en_US' },
          body: JSON.stringify({ email: 'demo@example.com', password: 'demo-pool-2026', ticket: await apiTicket(server.url) }),
        });
        return (await res.json()).data;
      },
      { timeout: 60_000, interval: 500, what: 'the demo account' },
    );
    // And once its settled week is booked.
    await waitUntil(async () => (await api('/api/pc/v1/earnings/summary')).some((c) => c.total !== '0.00000000'), { timeout: 60_000, what: 'demo earnings' });
    browser = await launchBrowser();
  });

  after(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  const open = async (device, lang) => {
    const context = await browser.newContext({ ...device, acceptDownloads: true });
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
    await loggedIn(context, login, lang);
    return context.newPage();
  };
  const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

  it('desktop, English: the summary, the days and the assets show the API figures; a day downloads its audit', async () => {
    const summary = await api('/api/pc/v1/earnings/summary');
    const btc = summary.find((c) => c.coin === 'BTC');
    // Settled earnings (yesterday's are settled only from 08:00 Beijing time on, so the
    // last 7 days hold some whatever the hour).
    assert.ok(btc && btc.last7 !== '0.00000000', 'the demo has settled BTC earnings');
    const page = await open(DESKTOP, 'en_US');
    await page.goto(`${server.url}/account/orePoolRevenueSummary?coin=BTC`);
    await page.getByTestId('revenue-yesterday').getByText(btc.yesterday).waitFor();
    await page.getByTestId('revenue-total').getByText(btc.total).waitFor();
    await page.getByText('Earnings show as settling').waitFor();
    await page.getByTestId('amount-chart').waitFor();
    await shot(page, 'earnings-summary-desktop');

    const days = await api('/api/pc/v1/earnings/days', { coin: 'BTC', page: 1, pageSize: 10 });
    const settled = days.rows.find((r) => !r.settling);
    // Held back, the first page is grey blocks, not an empty table under a spinner.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route((u) => u.pathname === '/api/pc/v1/earnings/days', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/account/orePoolRevenueChain?coin=BTC`);
    await page.getByTestId('days-export').waitFor();
    await page.locator('.ant-skeleton').first().waitFor();
    assert.equal(await page.getByTestId('days-table').count(), 0);
    assert.equal(await page.locator('.ant-spin-spinning').count(), 0);
    release();
    await page.getByTestId('days-table').getByText(`${settled.amount} BTC`).waitFor();
    await page.unrouteAll();
    assert.equal(await page.locator('.ant-skeleton').count(), 0);
    assert.equal(await page.getByTestId('day-cell').count(), Math.min(10, days.total));
    // The day's detail lists the sub-account's inputs and downloads a CSV that states the formula.
    const row = page.locator('tr', { has: page.getByText(settled.day, { exact: true }) });
    await row.getByTestId('day-detail').click();
    const drawer = page.getByTestId('day-drawer');
    await drawer.getByTestId('day-row-amount').getByText(`${settled.amount} BTC`).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByTestId('audit-download').first().click()]);
    assert.match(download.suggestedFilename(), new RegExp(`^earnings-demo_main-BTC-${settled.day}\\.csv$`));
    const csv = await readFile(await download.path(), 'utf8');
    assert.match(csv, /micro = floor\(ratio_sum \* reward \* \(10000 - fee_bps\) \* 100\)/);
    await shot(page, 'earnings-day-desktop');
    await page.keyboard.press('Escape');

    const assets = await api('/api/pc/v1/assets/overview', { fiat: 'USD' });
    const a = assets.find((x) => x.coin === 'BTC');
    await page.goto(`${server.url}/account/orePoolAssetsOverview`);
    await page.getByTestId('asset-available-BTC').getByText(`${a.available} BTC`).waitFor();
    assert.equal(a.available, btc.total, 'all settled BTC earnings are available');
    // The journal lists one earning per settled day.
    const entries = await api('/api/pc/v1/assets/entries', { coin: 'BTC' });
    await page.goto(`${server.url}/account/orePoolAssetsDetail?coin=BTC`);
    await page.getByTestId('entries-table').getByText(`+${entries.rows[0].amount} BTC`).first().waitFor();
    // The newest entry's reference: copied whole.
    assert.equal(await page.getByTestId('entry-ref').first().getAttribute('data-full'), entries.rows[0].ref);
    await page.getByTestId('entry-ref-copy').first().click();
    await waitUntil(async () => (await clipboard(page)) === entries.rows[0].ref, { what: 'the reference on the clipboard' });
    await page.getByText('Copied', { exact: true }).waitFor();
    await shot(page, 'assets-desktop');
  });

  it('phone, Chinese: the same figures, and a day on its own page', async () => {
    const summary = await api('/api/pc/v1/earnings/summary');
    const kas = summary.find((c) => c.coin === 'KAS');
    const page = await open(PHONE, 'zh_CN');
    await page.goto(`${server.url}/mobile/account/orePoolRevenueSummary?coin=KAS`);
    await page.getByText('昨日收益').first().waitFor();
    await page.getByTestId('revenue-yesterday').getByText(kas.yesterday).waitFor();
    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
    await shot(page, 'earnings-summary-phone');

    const days = await api('/api/pc/v1/earnings/days', { coin: 'KAS', page: 1, pageSize: 10 });
    const settled = days.rows.find((r) => !r.settling);
    await page.goto(`${server.url}/mobile/account/orePoolRevenueChain?coin=KAS`);
    await page.getByText('已结算').first().waitFor();
    const card = page.getByTestId('day-card').filter({ hasText: settled.day });
    await card.getByText(`${settled.amount} KAS`).waitFor();
    await card.click();
    await waitUntil(() => page.url().includes('orePoolRevenueDetail'), { what: 'the day page' });
    await page.getByTestId('day-row-amount').getByText(`${settled.amount} KAS`).waitFor();
    await shot(page, 'earnings-day-phone');

    const assets = await api('/api/pc/v1/assets/overview', { fiat: 'CNY' });
    await page.goto(`${server.url}/mobile/account/assetsOverview`);
    await page.getByText('可用余额').first().waitFor();
    await page.getByTestId('assets-fiat').getByText('CNY').click();
    const k = assets.find((x) => x.coin === 'KAS');
    await page.getByTestId('asset-available-KAS').getByText(`${k.available} KAS`).waitFor();
    await page.getByText(`¥`).first().waitFor();
    await shot(page, 'assets-phone');

    // The journal: the newest entry's reference copies whole.
    const entries = await api('/api/pc/v1/assets/entries', { coin: 'KAS' });
    await page.goto(`${server.url}/mobile/account/assetsDetail?coin=KAS`);
    const ref = page.getByTestId('entry-ref').first();
    await ref.waitFor();
    assert.equal(await ref.getAttribute('data-full'), entries.rows[0].ref);
    await page.getByTestId('entry-ref-copy').first().click();
    await waitUntil(async () => (await clipboard(page)) === entries.rows[0].ref, { what: 'the reference on the clipboard' });
    await page.getByText('已复制', { exact: true }).waitFor();
    await shot(page, 'assets-detail-phone');
  });
});
