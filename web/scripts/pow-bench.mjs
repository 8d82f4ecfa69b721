// Measures the slider's proof-of-work solver (docs/accounts.md "Slider"): hashes a second
// of the synchronous SHA-256 the app uses (src/features/auth/model/pow.ts) and of
// WebCrypto's subtle.digest, in Node and in headless Chromium at phone emulation (a
// 390x844 touch screen with the CPU throttled, as Lighthouse's "mid-tier mobile" does),
// then times whole solves of random challenges at the bits given.
//
// Usage: node scripts/pow-bench.mjs [--bits 16] [--solves 40] [--throttle 4]
//   CHROMIUM_BIN overrides /usr/bin/chromium; without a browser only Node is measured.
import { webcrypto } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { bits: { type: 'string', default: '16' }, solves: { type: 'string', default: '40' }, throttle: { type: 'string', default: '4' } },
});
const BITS = Number(values.bits);
const SOLVES = Number(values.solves);
const THROTTLE = Number(values.throttle);

// The bench runs the same source in Node and in the page: pow.ts and a few loops.
const entry = `
import { PowSearch, solvePow } from './src/features/auth/model/pow';
const hex = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, '0')).join('');
globalThis.powBench = {
  // syncRate: nonces a second of the app's solver (never finds one: 64 bits).
  syncRate(ms) {
    const s = new PowSearch({ challenge: hex(16), bits: 64 });
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < ms) { s.step(4096); t = performance.now(); }
    return (s.tried * 1000) / (t - t0);
  },
  // subtleRate: digests a second with WebCrypto, one awaited at a time (a naive solver)
  // and in batches of 64 in flight.
  async subtleRate(ms, batch) {
    const ch = hex(16);
    const enc = new TextEncoder();
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < ms) {
      const all = [];
      for (let i = 0; i < batch; i++) all.push(crypto.subtle.digest('SHA-256', enc.encode(ch + n++)));
      await Promise.all(all);
      t = performance.now();
    }
    return (n * 1000) / (t - t0);
  },
  // solves: wall time of whole solves of fresh challenges.
  solves(count, bits) {
    const times = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      solvePow({ challenge: hex(16), bits });
      times.push(performance.now() - t0);
    }
    return times;
  },
};
`;
const bundle = (
  await build({
    stdin: { contents: entry, resolveDir: webDir, loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    alias: { '@': path.join(webDir, 'src') },
    logLevel: 'warning',
  })
).outputFiles[0].text;

const fmt = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : `${Math.round(n / 1e3)} k`);
const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `median ${q(0.5).toFixed(0)} ms, p90 ${q(0.9).toFixed(0)} ms, max ${s.at(-1).toFixed(0)} ms (${s.length} solves)`;
};
const expected = (rate) => `expected ${((2 ** BITS / rate) * 1000).toFixed(0)} ms a solve at ${BITS} bits (p95 ${((3 * 2 ** BITS) / rate * 1000).toFixed(0)} ms)`;

async function report(name, run) {
  const sync = await run('powBench.syncRate(2000)');
  const one = await run('powBench.subtleRate(2000, 1)');
  const batched = await run('powBench.subtleRate(2000, 64)');
  const solves = await run(`powBench.solves(${SOLVES}, ${BITS})`);
  console.log(`${name}`);
  console.log(`  sync SHA-256 (pow.ts):      ${fmt(sync)} H/s, ${expected(sync)}`);
  console.log(`  subtle.digest, one by one:  ${fmt(one)} H/s, ${expected(one)}`);
  console.log(`  subtle.digest, 64 at once:  ${fmt(batched)} H/s, ${expected(batched)}`);
  console.log(`  solves at ${BITS} bits (sync):   ${stats(solves)}`);
}

// Node.
globalThis.crypto ??= webcrypto;
new Function(bundle)();
await report(`Node ${process.version}`, (expr) => new Function(`return ${expr}`)());

// Chromium at phone emulation.
const chromiumBin = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
if (!existsSync(chromiumBin)) {
  console.log(`(no Chromium at ${chromiumBin}: browser not measured)`);
} else {
  const { chromium } = await import('playwright-core');
  const { PHONE } = await import('../e2e/browser.mjs');
  const browser = await chromium.launch({ executablePath: chromiumBin, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const version = browser.version();
    for (const rate of [1, THROTTLE]) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      // A secure context, so crypto.subtle exists.
      await page.route('https://bench.invalid/', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
      await page.goto('https://bench.invalid/');
      await page.addScriptTag({ content: bundle });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await report(`Chromium ${version}, phone emulation (390x844, touch), CPU throttled ${rate}x`, (expr) => page.evaluate(expr));
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
