// The first-visit budget of issue 10: a first visit (empty cache) of the desktop home moves at
// most 250 kB of JavaScript on the wire and the phone home at most 150 kB, compressed as
// Chromium asks (brotli), without the chart (ECharts) until it is scrolled to. A change that
// puts a heavy module back on the first paint fails here, naming the largest scripts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { CHART, visit } from './first-visit.mjs';
import { skipReason, startPoold } from './server.mjs';

const BUDGETS = [
  ['desktop /', DESKTOP, '/', 250_000],
  ['phone /mobile', PHONE, '/mobile', 150_000],
];

describe('first-visit budget', { skip: skipReason(), timeout: 240_000 }, () => {
  let server;
  let browser;
  before(async () => {
    [server, browser] = await Promise.all([startPoold({ args: ['--demo', '--roles', 'api,jobs'], startTimeoutMs: 60_000 }), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, options, path, budget] of BUDGETS) {
    it(`${name}: at most ${budget / 1000} kB of JS on the wire, brotli, no chart`, async () => {
      const r = await visit(browser, server.url + path, options, { scroll: false });
      const largest = r.files
        .slice(0, 8)
        .map(([wire, file]) => `${file} ${(wire / 1000).toFixed(1)} kB`)
        .join(', ');
      assert.ok(r.jsWire <= budget, `${(r.jsWire / 1000).toFixed(1)} kB of JS (${r.jsCount} files); largest: ${largest}`);
      assert.ok(r.jsCount > 0);
      assert.equal(r.encodings.includes('br'), true, `encodings ${r.encodings}`);
      assert.equal(r.files.filter(([, file]) => CHART.test(`/assets/${file}`)).length, 0, 'the chart loads only when scrolled to');
    });
  }
});
