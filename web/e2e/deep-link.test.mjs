// Any app address loads directly (the server answers index.html), and redirects inside trees work.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, launchBrowser, pathOf, waitForPath } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

describe('deep links', { skip: skipReason(), timeout: 120_000 }, () => {
  let server;
  let browser;
  before(async () => {
    [server, browser] = await Promise.all([startPoold(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a phone loads /mobile/help/helplist?type=faq directly, and again after a reload', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const res = await page.goto(server.url + '/mobile/help/helplist?type=faq');
    assert.equal(res.status(), 200);
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    assert.equal(pathOf(page), '/mobile/help/helplist?type=faq');
    await context.close();
  });

  it('a desktop follows the index redirects', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url + '/tutorial');
    await waitForPath(page, '/tutorial/orePoolSignIn');
    await page.goto(server.url + '/explorderIndex');
    await waitForPath(page, '/explorderIndex/overView');
    await page.goto(server.url + '/help/faq/detail/12');
    await page.getByRole('heading', { name: 'Question' }).waitFor();
    await context.close();
  });

  it('an unknown address shows the not-found page inside the shell', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url + '/no/such/page');
    await page.getByTestId('not-found').waitFor();
    await page.getByTestId('login-button').waitFor();
    await context.close();
  });
});
