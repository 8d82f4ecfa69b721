// Debian's Chromium driven by playwright-core, at the two sizes the site is built for.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** CHROMIUM is the browser binary (CHROMIUM_BIN overrides). */
export const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';

/** IPHONE_UA is the phone's user agent. */
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** DESKTOP is a 1440x900 desktop browser context, in English unless told otherwise. */
export const DESKTOP = { viewport: { width: 1440, height: 900 }, locale: 'en-US' };

/** PHONE is a 390x844 iPhone-like context. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent: IPHONE_UA,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
};

/** launchBrowser starts headless Chromium. */
export function launchBrowser() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** pathOf gives path+query of a page's address. */
export function pathOf(page) {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/** waitForPath waits until the page's path (and query) is `want`. */
export async function waitForPath(page, want, timeout = 10_000) {
  await page.waitForURL((u) => u.pathname + u.search === want, { timeout });
}

/** storageItem reads one localStorage item. */
export function storageItem(page, key) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}
