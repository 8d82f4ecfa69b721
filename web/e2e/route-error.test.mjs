// A page whose code cannot be downloaded reloads once with reloaded=1, then shows an error with a retry.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, launchBrowser } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

describe('route-load error', { skip: skipReason(), timeout: 60_000 }, () => {
  let server;
  let browser;
  before(async () => {
    [server, browser] = await Promise.all([startPoold(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reloads once, then offers a retry', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    // Every tutorial chunk fails, as after a deployment removed the old files.
    await page.route(/\/assets\/tutorial-[^/]*\.js$/, (route) => route.abort());
    const loads = [];
    page.on('load', () => loads.push(page.url()));
    await page.goto(server.url + '/tutorial/btc');
    await page.getByTestId('route-error').waitFor({ timeout: 15_000 });
    const url = new URL(page.url());
    assert.equal(url.pathname, '/tutorial/btc');
    assert.equal(url.searchParams.get('reloaded'), '1');
    assert.equal(loads.length, 2, `loaded ${loads.join(', ')}`);
    // The shell stays around the error.
    await page.getByTestId('login-button').waitFor();
    await page.unroute(/\/assets\/tutorial-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Bitcoin mining' }).waitFor();
    await context.close();
  });
});
