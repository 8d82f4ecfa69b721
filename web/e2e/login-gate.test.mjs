// Pages that need an account send visitors without a token to the login page of their tree.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiAccount, latestOutboxCode } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser, waitForPath } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

describe('login gate', { skip: skipReason(), timeout: 120_000 }, () => {
  let server;
  let browser;
  before(async () => {
    [server, browser] = await Promise.all([startPoold(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('desktop: an account page warns and goes to /login', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url + '/account/orePoolDeviceOverview');
    await waitForPath(page, '/login');
    await page.getByText('Please log in first.').waitFor();
    await page.goto(server.url + '/basicsInfo');
    await waitForPath(page, '/login');
    await page.goto(server.url + '/help/notice/list');
    await waitForPath(page, '/login');
    await context.close();
  });

  it('desktop: public pages stay open', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    for (const path of ['/help/faq/list', '/account/soloSearch', '/observerMode/observerList']) {
      await page.goto(server.url + path);
      await page.locator('h1').first().waitFor();
      assert.equal(new URL(page.url()).pathname, path);
    }
    await context.close();
  });

  it('mobile: an account page and the notice list go to /mobile/login', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(server.url + '/mobile/account/assetsOverview');
    await waitForPath(page, '/mobile/login');
    await page.getByText('Please log in first.').waitFor();
    await page.goto(server.url + '/mobile/help/helplist?type=notice');
    await waitForPath(page, '/mobile/login');
    await context.close();
  });

  it('mobile: an account menu entry asks to log in first', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(server.url + '/mobile');
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('mobile-menu').getByText('My account', { exact: true }).click();
    await page.getByTestId('mmenu-deviceOverview').click();
    await page.getByRole('button', { name: 'I know' }).waitFor();
    await page.getByRole('button', { name: 'Go to login' }).click();
    await waitForPath(page, '/mobile/login');
    await context.close();
  });

  it('a token lets the visitor in', async () => {
    // A real session: the page reads the account with it.
    const outbox = path.join(server.dir, 'outbox.log');
    const { token } = await apiAccount(server.url, { email: 'gate@example.com', readCode: (to) => latestOutboxCode(outbox, to) });
    const context = await browser.newContext(DESKTOP);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    await page.goto(server.url + '/basicsInfo');
    await page.getByRole('heading', { name: 'Basic info' }).waitFor();
    await page.getByTestId('info-email').filter({ hasText: 'gat***@example.com' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/basicsInfo');
    await context.close();
  });

  it('a token the server does not know is dropped, and the visitor goes to /login', async () => {
    const context = await browser.newContext(DESKTOP);
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('token', 'e2e-token');
      }
    });
    const page = await context.newPage();
    await page.goto(server.url + '/basicsInfo');
    await waitForPath(page, '/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await context.close();
  });
});
