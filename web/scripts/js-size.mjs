// Measures what a first visit downloads: every .js response of the desktop home and the
// phone home, gzipped at level 9, with the lazily loaded chart counted apart.
// Usage: node scripts/js-size.mjs [base URL, default http://127.0.0.1:8080]
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, DESKTOP, PHONE } from '../e2e/browser.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const [path, options] of [
    ['/', DESKTOP],
    ['/mobile', PHONE],
  ]) {
    const context = await browser.newContext(options);
    await context.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    const page = await context.newPage();
    const sizes = [];
    page.on('response', async (r) => {
      if (!r.url().endsWith('.js')) return;
      const body = await r.body().catch(() => null);
      if (body) sizes.push([r.url().split('/').pop(), zlib.gzipSync(body, { level: 9 }).length]);
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const kb = (n) => (n / 1024).toFixed(1);
    const chart = sizes.filter(([name]) => name.startsWith('trend-chart')).reduce((a, [, n]) => a + n, 0);
    const all = sizes.reduce((a, [, n]) => a + n, 0);
    console.log(`${path}: ${sizes.length} scripts, ${kb(all - chart)} kB gzip before the chart, chart ${kb(chart)} kB`);
    for (const [name, n] of sizes.sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`  ${kb(n).padStart(6)} kB  ${name}`);
    await context.close();
  }
} finally {
  await browser.close();
}
