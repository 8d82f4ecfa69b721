// Measures a first visit (empty cache) of the desktop home at 1440x900 and the phone home
// at 390x844 in headless Chromium: bytes on the wire (CDP Network.loadingFinished
// encodedDataLength, headers included; 1 kB = 1000 bytes) for JS and for every response until the network
// is idle without scrolling, then what scrolling to the trend chart adds (ECharts loads when
// its box comes into view), the Content-Encoding the server chose, and first-contentful-paint. Each page is
// loaded unthrottled and on an emulated slow 4G link (150 ms, 1.6 Mbit/s down, 750 kbit/s
// up), three times each; the median paint is shown.
//
// Usage (from web/):
//   node scripts/first-visit.mjs                  starts ../bin/poold serve --demo itself
//   node scripts/first-visit.mjs /tmp/poold-x     the same with another binary
//   node scripts/first-visit.mjs http://host:port measures a server that is already up
// Options: --runs N (default 3), --identity (ask for no compression: Accept-Encoding: identity),
// --files (list each script of the first visit, largest first).
//
// Without --identity Chromium sends its own Accept-Encoding (gzip, deflate, br, zstd, also
// to http://127.0.0.1); --identity shows what a server without compression transfers.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, DESKTOP, PHONE } from '../e2e/browser.mjs';
import { visit as visitOnce } from '../e2e/first-visit.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
};
const runs = Number(flag('--runs') ?? 3);
const identity = args.includes('--identity');
const listFiles = args.includes('--files');
if (listFiles) args.splice(args.indexOf('--files'), 1);
if (identity) args.splice(args.indexOf('--identity'), 1);
const target = args[0] ?? path.resolve(webDir, '../bin/poold');
const acceptEncoding = identity ? 'identity' : "Chromium's own";

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** startPoold runs `<bin> serve --demo` on a free port with a fresh database. */
async function startPoold(bin) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'poold-first-visit-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(bin, ['serve', '--demo', '--http', `127.0.0.1:${port}`, '--db', path.join(dir, 'poold.db'), '--stratum-bind', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs = [];
  child.stdout.on('data', (b) => logs.push(String(b)));
  child.stderr.on('data', (b) => logs.push(String(b)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`poold exited with ${child.exitCode}:\n${logs.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`poold did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1000).toFixed(0)} kB`; // 1 kB = 1000 bytes, as in the issue

const server = /^https?:\/\//.test(target) ? { url: target.replace(/\/$/, ''), stop: async () => {} } : await startPoold(path.resolve(target));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  console.log(`${server.url}, Accept-Encoding: ${acceptEncoding}, ${runs} runs, median first-contentful-paint`);
  for (const [page, options] of [
    ['/', DESKTOP],
    ['/mobile', PHONE],
  ]) {
    for (const [link, throttle] of [
      ['loopback', null],
      ['slow 4G', SLOW_4G],
    ]) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await visitOnce(browser, server.url + page, options, { throttle, identity }));
      const r = results[0];
      console.log(
        `${page.padEnd(8)} ${link.padEnd(8)} JS ${kb(r.jsWire)} on the wire (${r.jsCount} files, ${kb(r.jsBody)} decoded, ${r.encodings}), ` +
          `everything ${kb(r.allWire)} (${r.requests} responses); scrolling to the chart adds ${kb(r.chartWire)} of JS; ` +
          `FCP ${median(results.map((x) => x.fcp)).toFixed(0)} ms (runs: ${results.map((x) => x.fcp.toFixed(0)).join(', ')})`,
      );
      if (listFiles && !throttle) for (const [wire, name] of r.files) console.log(`    ${kb(wire).padStart(7)}  ${name}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
