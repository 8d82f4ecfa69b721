// Maintenance is a server setting: "on" closes the site, "hostname" closes it only
// to names that are not IP literals, "off" never.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, launchBrowser, waitForPath } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

const skip = skipReason();

describe('maintenance', { skip, timeout: 120_000 }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  async function visit(server, options, url) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const setting = page.waitForResponse((r) => r.url().includes('sysKey=maintenance'));
    await page.goto(url);
    await setting;
    return { context, page };
  }

  describe('on', () => {
    let server;
    before(async () => {
      server = await startPoold({ args: ['--maintenance', 'on'] });
    });
    after(async () => server?.stop());

    it('sends a desktop to /maintenance, without nav or footer', async () => {
      const { context, page } = await visit(server, DESKTOP, server.url + '/help');
      await waitForPath(page, '/maintenance');
      await page.getByTestId('maintenance-active').waitFor();
      assert.equal(await page.getByTestId('login-button').count(), 0);
      assert.equal(await page.locator('footer').count(), 0);
      await context.close();
    });

    it('sends a phone to /maintenance too', async () => {
      const { context, page } = await visit(server, PHONE, server.url + '/mobile');
      await waitForPath(page, '/maintenance');
      await page.getByTestId('maintenance-active').waitFor();
      await context.close();
    });
  });

  describe('hostname', () => {
    let server;
    before(async () => {
      server = await startPoold({ args: ['--maintenance', 'hostname'] });
    });
    after(async () => server?.stop());

    it('does not redirect a visit through 127.0.0.1', async () => {
      const { context, page } = await visit(server, DESKTOP, server.url + '/');
      await page.getByTestId('login-button').waitFor();
      await page.waitForTimeout(500);
      assert.equal(new URL(page.url()).pathname, '/');
      await context.close();
    });

    it('redirects a visit through localhost, which is a name', async () => {
      const { context, page } = await visit(server, DESKTOP, `http://localhost:${server.port}/`);
      await waitForPath(page, '/maintenance');
      await context.close();
    });
  });

  describe('off', () => {
    let server;
    before(async () => {
      server = await startPoold();
    });
    after(async () => server?.stop());

    it('the maintenance page then links home', async () => {
      const { context, page } = await visit(server, DESKTOP, server.url + '/maintenance');
      await page.getByTestId('maintenance-inactive').waitFor();
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await waitForPath(page, '/');
      await context.close();
    });
  });
});
