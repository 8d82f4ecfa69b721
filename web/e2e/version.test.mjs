// A changed app version shows the update loader and reloads with the new version stored.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, launchBrowser, storageItem } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

describe('version check', { skip: skipReason(), timeout: 60_000 }, () => {
  let server;
  let browser;
  let version;
  before(async () => {
    [server, browser] = await Promise.all([startPoold(), launchBrowser()]);
    const body = await (await fetch(`${server.url}/version.json?e2e`)).json();
    version = body.data.version;
    assert.ok(version, '/version.json has data.version');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the first visit stores the version without a loader', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url + '/');
    await page.waitForFunction((v) => localStorage.getItem('version') === v, version);
    await page.waitForTimeout(2500);
    assert.equal(await page.getByTestId('version-loader').count(), 0);
    await context.close();
  });

  it('a stale stored version shows the loader, then reloads with the server version', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url + '/');
    await page.waitForFunction((v) => localStorage.getItem('version') === v, version);
    await page.evaluate(() => localStorage.setItem('version', 'old'));
    await page.reload();
    await page.evaluate(() => {
      window.__beforeUpdate = true;
    });
    const started = Date.now();
    await page.getByTestId('version-loader').waitFor({ timeout: 5000 });
    assert.ok(Date.now() - started >= 1000, 'the loader waits about 2 s');
    await page.waitForFunction(() => !window.__beforeUpdate, null, { timeout: 5000 });
    await page.waitForLoadState('load');
    assert.equal(await storageItem(page, 'version'), version);
    await page.waitForTimeout(2500);
    assert.equal(await page.getByTestId('version-loader').count(), 0);
    await context.close();
  });
});
