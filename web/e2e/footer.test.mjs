// Footer: the messaging-group link comes from sys config; the legal links from the agreement call,
// or the server's standalone pages when that call fails.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

const GROUP_URL = 'https://t.me/example';

describe('footer', { skip: skipReason(), timeout: 120_000 }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  describe('with a messaging group set', () => {
    let server;
    before(async () => {
      server = await startPoold({ setup: [['admin', 'sysconfig', 'set', 'global', 'telegram_url', GROUP_URL]] });
    });
    after(async () => server?.stop());

    for (const [name, options, path] of [
      ['desktop', DESKTOP, '/'],
      ['mobile', PHONE, '/mobile'],
    ]) {
      it(`${name}: shows the group link and the legal links, opening new tabs`, async () => {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        await page.goto(server.url + path);
        const group = page.getByTestId('footer-community');
        await group.waitFor();
        assert.equal(await group.getAttribute('href'), GROUP_URL);
        assert.equal(await group.getAttribute('target'), '_blank');
        for (const id of ['footer-service-agreement', 'footer-privacy-policy', 'footer-disclaimer']) {
          const link = page.getByTestId(id);
          await link.waitFor();
          assert.equal(await link.getAttribute('target'), '_blank');
          const href = new URL(await link.getAttribute('href'), server.url).toString();
          const res = await page.request.get(href);
          assert.equal(res.status(), 200, `${id} ${href}`);
        }
        assert.ok(await page.getByTestId('footer-contact').isVisible());
        await context.close();
      });
    }
  });

  describe('without a messaging group', () => {
    let server;
    before(async () => {
      server = await startPoold();
    });
    after(async () => server?.stop());

    it('hides the group link', async () => {
      const context = await browser.newContext(DESKTOP);
      const page = await context.newPage();
      const groupSetting = page.waitForResponse((r) => r.url().includes('sysKey=telegram_url'));
      await page.goto(server.url + '/');
      await groupSetting;
      await page.getByTestId('footer-privacy-policy').waitFor();
      assert.equal(await page.getByTestId('footer-community').count(), 0);
      await context.close();
    });

    it('keeps the legal links, to the standalone pages, when the agreement call fails', async () => {
      const context = await browser.newContext(PHONE);
      await context.addInitScript(() => localStorage.setItem('lang', 'ko_KR'));
      const page = await context.newPage();
      let failed = 0;
      await page.route('**/api/pc/v1/common/agreement*', (route) => {
        failed += 1;
        return route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' });
      });
      await page.goto(server.url + '/mobile');
      await page.getByTestId('footer-contact').waitFor();
      const want = {
        'footer-service-agreement': '/legal/Service-Agreement/ko_KR',
        'footer-privacy-policy': '/legal/Privacy-Policy/ko_KR',
        'footer-disclaimer': '/legal/Disclaimer/ko_KR',
      };
      for (const [id, href] of Object.entries(want)) {
        assert.equal(await page.getByTestId(id).getAttribute('href'), href);
        const res = await page.request.get(new URL(href, server.url).toString());
        assert.equal(res.status(), 200, `${id} ${href}`);
      }
      assert.ok(failed >= 1, 'the agreement call was made and failed');
      await context.close();
    });
  });
});
