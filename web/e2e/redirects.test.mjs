// Device redirects: phones live under /mobile, desktops outside it; invite links are exempt.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, launchBrowser, storageItem, waitForPath } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

describe('device redirects', { skip: skipReason(), timeout: 120_000 }, () => {
  let server;
  let browser;
  before(async () => {
    [server, browser] = await Promise.all([startPoold({ setup: [['admin', 'agent', 'add', 'AGENT7', '--name', 'Agent Seven']] }), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(options, path) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(server.url + path);
    return { context, page };
  }

  it('a desktop on /mobile goes to /', async () => {
    const { context, page } = await open(DESKTOP, '/mobile');
    await waitForPath(page, '/');
    await page.getByTestId('login-button').waitFor();
    await context.close();
  });

  it('a desktop on a mobile page goes to its desktop twin', async () => {
    const { context, page } = await open(DESKTOP, '/mobile/help/helplist?type=faq');
    await waitForPath(page, '/help/faq/list');
    await context.close();
  });

  it('a phone on / goes to /mobile', async () => {
    const { context, page } = await open(PHONE, '/');
    await waitForPath(page, '/mobile');
    await page.getByTestId('menu-toggle').waitFor();
    await context.close();
  });

  it('a phone on a desktop page goes to its mobile twin, or /mobile', async () => {
    const { context, page } = await open(PHONE, '/OS');
    await waitForPath(page, '/mobile/OS');
    await page.goto(`${server.url}/explorderIndex/overView`);
    await waitForPath(page, '/mobile/explorderIndex/overView');
    // A desktop page without a phone twin: the phone's home.
    await page.goto(`${server.url}/ironFish`);
    await waitForPath(page, '/mobile');
    await context.close();
  });

  it('a desktop may open an invite link; without a code it says the link is broken, with no nav or footer', async () => {
    const { context, page } = await open(DESKTOP, '/mobile/registerInvite/');
    await page.getByTestId('invite-expired').waitFor();
    const text = await page.getByTestId('invite-expired').textContent();
    assert.match(text, /invitation link has expired/i);
    assert.equal(await page.getByTestId('menu-toggle').count(), 0);
    assert.equal(await page.locator('footer').count(), 0);
    assert.equal(new URL(page.url()).pathname, '/mobile/registerInvite/');
    await context.close();
  });

  it("an invite link with a live agent's code keeps the code and opens the mobile register page", async () => {
    const { context, page } = await open(PHONE, '/mobile/registerInvite/AGENT7');
    await waitForPath(page, '/mobile/register');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('agentInviteCode')), 'AGENT7');
    assert.equal(await storageItem(page, 'token'), null);
    await context.close();
  });
});
