// Product pages: Uniplus OS (/OS), app download (/upload) and the legal documents,
// on the desktop and on a phone, with releases set by `poold admin app set`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser, waitForPath } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

const OS_URL = 'https://dl.example.com/uniplus-os-2.1.0.img.xz';
const LINUX_URL = '/files/uniplus-1.4.2.tar.gz';
const ANDROID_URL = 'https://dl.example.com/uniplus-1.3.0.apk';

const sites = [
  { name: 'desktop', options: DESKTOP, os: '/OS', upload: '/upload' },
  { name: 'phone', options: PHONE, os: '/mobile/OS', upload: '/mobile/upload' },
];

// The desktop context runs Chromium on Linux; the phone context says iPhone.
const ownPlatform = { desktop: 'linux', phone: 'ios' };

/** noSideScroll reports whether the page fits its viewport's width. */
const noSideScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('product pages', { skip: skipReason(), timeout: 240_000 }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  describe('with releases set', () => {
    let server;
    before(async () => {
      server = await startPoold({
        setup: [
          ['admin', 'app', 'set', 'uniplus-os', '--version', '2.1.0', '--url', OS_URL, '--notes', 'Kernel 6.8 and new GPU drivers'],
          ['admin', 'app', 'set', 'linux', '--version', '1.4.2', '--url', LINUX_URL, '--notes', 'Headless mode'],
          ['admin', 'app', 'set', 'android', '--version', '1.3.0', '--url', ANDROID_URL],
        ],
      });
    });
    after(async () => server?.stop());

    for (const site of sites) {
      it(`${site.name}: the OS page shows the requirements and links the released image`, async () => {
        const context = await browser.newContext(site.options);
        const page = await context.newPage();
        await page.goto(server.url + site.os);
        const req = page.getByTestId('os-requirements');
        await req.waitFor();
        const text = await req.innerText();
        for (const want of ['8 GB', 'Ubuntu 20.04', '22.04', '16', '128', '10']) assert.ok(text.includes(want), `requirements lack ${want}: ${text}`);
        const download = page.getByTestId('os-download');
        await download.waitFor();
        assert.equal(await download.getAttribute('href'), OS_URL);
        assert.equal(await page.getByTestId('os-hero-download').getAttribute('href'), OS_URL);
        assert.match(await page.getByTestId('os-release').innerText(), /2\.1\.0[\s\S]*Kernel 6\.8 and new GPU drivers/);
        assert.equal(await page.getByTestId('os-download-missing').count(), 0);
        assert.ok(await noSideScroll(page), 'the OS page scrolls sideways');
        await shot(page, `product-os-${site.name}`);
        await page.getByTestId('os-tutorial-link').click();
        await waitForPath(page, site.name === 'phone' ? '/mobile/tutorial/deviceAccess' : '/tutorial/deviceAccess');
        await context.close();
      });

      it(`${site.name}: the download page lists the releases, the device's own platform first`, async () => {
        const context = await browser.newContext(site.options);
        const page = await context.newPage();
        await page.goto(server.url + site.upload);
        await page.getByTestId('upload-list').waitFor();
        const order = await page.locator('[data-testid^="upload-"][aria-labelledby]').evaluateAll((els) => els.map((e) => e.dataset.testid));
        assert.equal(order[0], `upload-${ownPlatform[site.name]}`);
        assert.deepEqual([...order].sort(), ['upload-android', 'upload-ios', 'upload-linux', 'upload-macos', 'upload-windows']);
        assert.equal(await page.getByTestId('upload-download-linux').getAttribute('href'), LINUX_URL);
        assert.equal(await page.getByTestId('upload-download-android').getAttribute('href'), ANDROID_URL);
        assert.equal(await page.getByTestId('upload-download-android').getAttribute('target'), '_blank');
        assert.equal(await page.getByTestId('upload-version-linux').innerText(), 'Version 1.4.2');
        for (const p of ['windows', 'macos', 'ios']) {
          assert.equal(await page.getByTestId(`upload-missing-${p}`).innerText(), 'Not available yet');
          assert.equal(await page.getByTestId(`upload-download-${p}`).count(), 0);
        }
        // The OS image is not one of the apps.
        assert.equal(await page.locator(`a[href="${OS_URL}"]`).count(), 0);
        assert.equal(await page.getByTestId('upload-none').count(), 0);
        assert.ok(await noSideScroll(page), 'the download page scrolls sideways');
        await shot(page, `product-upload-${site.name}`);
        await context.close();
      });
    }
  });

  describe('without releases', () => {
    let server;
    before(async () => {
      server = await startPoold();
    });
    after(async () => server?.stop());

    for (const site of sites) {
      it(`${site.name}: the OS page says the image is not available yet, in the visitor's language`, async () => {
        const context = await browser.newContext(site.options);
        await context.addInitScript(() => localStorage.setItem('lang', 'zh_HK'));
        const page = await context.newPage();
        // Nothing published is an answer (data null), not a 404 the browser logs as an error (issue 31).
        const consoleErrors = [];
        page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
        const answered = page.waitForResponse((r) => r.url().includes('/api/pc/v1/app/download?operateSystem=uniplus-os'));
        await page.goto(server.url + site.os);
        const missing = page.getByTestId('os-download-missing');
        await missing.waitFor();
        assert.equal((await answered).status(), 200);
        assert.deepEqual(consoleErrors, []);
        assert.match(await missing.innerText(), /映像檔暫未提供/);
        assert.equal(await page.getByTestId('os-download').count(), 0);
        assert.equal(await page.getByTestId('os-hero-download').count(), 0);
        assert.match(await page.getByTestId('os-hero-unavailable').innerText(), /映像檔暫未提供/);
        // A missing image is a state of the page, not an error message.
        assert.equal(await page.locator('.ant-message-notice, .adm-toast-main').count(), 0);
        await shot(page, `product-os-missing-${site.name}`);
        await context.close();
      });

      it(`${site.name}: the download page shows the empty state`, async () => {
        const context = await browser.newContext(site.options);
        const page = await context.newPage();
        await page.goto(server.url + site.upload);
        const none = page.getByTestId('upload-none');
        await none.waitFor();
        assert.match(await none.innerText(), /No app has been published yet/);
        for (const p of ['windows', 'macos', 'linux', 'android', 'ios']) {
          assert.equal(await page.getByTestId(`upload-missing-${p}`).innerText(), 'Not available yet');
        }
        assert.equal(await page.locator('[data-testid^="upload-download-"]').count(), 0);
        await shot(page, `product-upload-none-${site.name}`);
        await context.close();
      });
    }

    const titles = {
      'Service-Agreement': { en_US: 'Service Agreement', zh_HK: '服務協議', zh_CN: '服务协议', ko_KR: '서비스 이용약관' },
      'Privacy-Policy': { en_US: 'Privacy Policy', zh_HK: '私隱政策', zh_CN: '隐私政策', ko_KR: '개인정보 처리방침' },
      Disclaimer: { en_US: 'Disclaimer', zh_HK: '免責聲明', zh_CN: '免责声明', ko_KR: '면책 조항' },
    };

    it('the three legal documents answer in every language with their title', async () => {
      for (const [type, byLang] of Object.entries(titles)) {
        for (const [lang, title] of Object.entries(byLang)) {
          const res = await fetch(`${server.url}/legal/${type}/${lang}`);
          assert.equal(res.status, 200, `${type}/${lang}`);
          assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
          const html = await res.text();
          assert.ok(html.includes(`<title>${title} · Uniplus Pool</title>`), `${type}/${lang} title`);
          assert.ok(html.includes('name="viewport"'), `${type}/${lang} viewport`);
          assert.ok(!html.includes('**'), `${type}/${lang} has unrendered Markdown`);
        }
      }
    });

    for (const site of sites) {
      it(`${site.name}: a legal document reads well at the device's width`, async () => {
        const context = await browser.newContext(site.options);
        const page = await context.newPage();
        for (const [type, lang] of [
          ['Privacy-Policy', 'zh_HK'],
          ['Service-Agreement', 'en_US'],
        ]) {
          await page.goto(`${server.url}/legal/${type}/${lang}`);
          assert.equal(await page.locator('h1').innerText(), titles[type][lang]);
          assert.ok(await noSideScroll(page), `${type}/${lang} scrolls sideways`);
          const size = await page.locator('main p').first().evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
          assert.ok(size >= 15, `${type}/${lang} body text is ${size}px`);
          await shot(page, `legal-${type}-${lang}-${site.name}`);
        }
        await context.close();
      });
    }
  });
});
