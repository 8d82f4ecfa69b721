// An observer link that shares earnings only, against the real binary: its revenue pages
// open on the desktop and on the phone (every observer page reads the sub-account list,
// which such a link once could not, so it was sent back to the observer list), and a link
// whose info fails to load for a reason other than the link (a server error) offers a
// retry and is kept, where only the server's "gone" (code 5) forgets it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, sleep } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser, pathOf, storageItem } from './browser.mjs';
import { startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

describe('observer link with income only', { skip: skipReason(), timeout: 240_000 }, () => {
  let pool;
  let browser;
  const contexts = [];
  let desktopLink;
  let phoneLink;

  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
    const user = await pool.account(`obs.income.${Date.now()}@example.com`);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'incfarm', alias: 'Income farm', defaultCoin: 'MINE' });
    const link = await pool.api(user.token, 'POST', '/api/pc/v1/customer/observer/link/add', {
      currencyList: ['MINE'],
      machineInfoEnabled: false,
      incomeInfoEnabled: true,
      note: 'Accounts',
    });
    desktopLink = `${pool.url}/observerMode/observerList?token=${link.token}`;
    phoneLink = `${pool.url}/mobile/observerMode/observerList?token=${link.token}`;
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  const watcher = async (options, lang) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    return context.newPage();
  };

  /** staysOn checks the page is still at want a while after it showed (no bounce back). */
  const staysOn = async (page, want) => {
    await sleep(1500);
    assert.equal(pathOf(page), want);
  };

  it('desktop, in Korean: the revenue summary and chain open, with no device entry', async () => {
    const obs = await watcher(DESKTOP, 'ko_KR');
    await obs.goto(desktopLink);
    await obs.getByTestId('observer-entry').waitFor();
    assert.equal(await obs.getByTestId('observer-to-devices').count(), 0);
    await obs.getByTestId('observer-to-revenue').click();
    await obs.locator('[data-testid="revenue-empty"], [data-testid="revenue-figures"]').first().waitFor();
    await staysOn(obs, '/observerMode/orePoolRevenueSummary');
    assert.equal(await obs.getByTestId('pool-menu-orePoolDeviceOverview').count(), 0, 'no device entry without machine info');
    await shot(obs, 'observer-income-desktop-summary');
    await obs.getByTestId('pool-menu-orePoolRevenueChain').click();
    await staysOn(obs, '/observerMode/orePoolRevenueChain');
    await shot(obs, 'observer-income-desktop-chain');
  });

  it('phone, in Traditional Chinese: a server error offers a retry and keeps the link; then the revenue summary opens', async () => {
    const obs = await watcher(PHONE, 'zh_HK');
    // The link's info fails with a server error (not code 5) on its first opening: the
    // entry offers a retry, the link stays stored, and the retry opens it.
    let failures = 0;
    await obs.route('**/api/observer/link/detail', (route) => {
      failures += 1;
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'down for a moment' });
    });
    await obs.goto(phoneLink);
    await obs.getByTestId('observer-failed').waitFor({ timeout: 20_000 });
    assert.ok(failures >= 1);
    assert.ok(await storageItem(obs, 'observerToken'), 'a failure that is not the link keeps it');
    assert.equal(await obs.getByTestId('observer-gone').count(), 0);
    await shot(obs, 'observer-income-phone-failed');
    await obs.unroute('**/api/observer/link/detail');
    await obs.getByTestId('observer-retry').click();
    await obs.getByTestId('observer-entry').waitFor();
    assert.equal(await obs.getByTestId('observer-to-devices').count(), 0);

    await obs.getByTestId('observer-to-revenue').click();
    await obs.locator('[data-testid="revenue-empty"], [data-testid="revenue-figures"]').first().waitFor();
    await staysOn(obs, '/mobile/observerMode/orePoolRevenueSummary');
    assert.equal(await obs.evaluate(() => document.documentElement.scrollWidth), PHONE.viewport.width);
    await shot(obs, 'observer-income-phone-summary');
  });
});
