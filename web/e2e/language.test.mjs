// Language: default from the browser, fallback for an unknown stored one, switching reloads.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, launchBrowser, storageItem } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

describe('language', { skip: skipReason(), timeout: 120_000 }, () => {
  let server;
  let browser;
  before(async () => {
    [server, browser] = await Promise.all([startPoold(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);
  const committed = (page, lang) => page.waitForFunction((l) => localStorage.getItem('lang') === l, lang, { timeout: 10_000 });

  for (const [locale, lang, tag] of [
    ['ko-KR', 'ko_KR', 'ko'],
    ['zh-CN', 'zh_CN', 'zh-CN'],
    ['zh-TW', 'zh_HK', 'zh-HK'],
    ['en-GB', 'en_US', 'en'],
    ['fr-FR', 'zh_HK', 'zh-HK'],
  ]) {
    it(`a ${locale} browser gets ${lang}`, async () => {
      const context = await browser.newContext({ ...DESKTOP, locale });
      const page = await context.newPage();
      await page.goto(server.url + '/');
      await committed(page, lang);
      assert.equal(await htmlLang(page), tag);
      await context.close();
    });
  }

  it('a stored language the server does not offer falls back to the first listed', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url + '/');
    await committed(page, 'en_US');
    const list = await (await page.request.get(`${server.url}/api/pc/v1/common/basic/language/list`)).json();
    await page.evaluate(() => localStorage.setItem('lang', 'xx_XX'));
    await page.reload();
    await committed(page, list.data[0].lang);
    await context.close();
  });

  it('choosing a language on the desktop stores it and reloads', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url + '/');
    await committed(page, 'en_US');
    await page.evaluate(() => {
      window.__beforeSwitch = true;
    });
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '한국어' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'ko' && !window.__beforeSwitch, null, { timeout: 10_000 });
    assert.equal(await storageItem(page, 'lang'), 'ko_KR');
    await page.getByRole('link', { name: '홈' }).first().waitFor();
    await context.close();
  });

  it('choosing a language in the mobile menu stores it and reloads', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(server.url + '/mobile');
    await committed(page, 'en_US');
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('mobile-menu').getByText('Language', { exact: true }).click();
    await page.getByTestId('mmenu-lang-zh_HK').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK', null, { timeout: 10_000 });
    assert.equal(await storageItem(page, 'lang'), 'zh_HK');
    await context.close();
  });
});
