// Starts the real poold binary for a browser test, and stops it afterwards.
//
//   const server = await startPoold({ args: ['--maintenance', 'on'] });
//   ... page.goto(server.url + '/') ...
//   await server.stop();
//
// POOLD_BIN names the binary (default ../bin/poold, from web/). Each server
// gets a free port on 127.0.0.1 and a fresh database in a temporary folder.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from './browser.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** POOLD_BIN is the absolute path of the binary under test. */
export const POOLD_BIN = path.resolve(webDir, process.env.POOLD_BIN ?? '../bin/poold');

/**
 * skipReason tells node:test to skip a suite when the binary or Chromium is missing; on CI
 * (CI set) or with E2E_REQUIRED=1 a missing one is an error instead. Both are looked for
 * here, before a suite starts anything: a suite whose `before` started a server and then
 * failed to launch the browser would keep that server, and the test run, alive.
 */
export function skipReason() {
  let message = '';
  if (!existsSync(POOLD_BIN)) message = `poold binary not found at ${POOLD_BIN} (build it, or set POOLD_BIN)`;
  else if (!existsSync(CHROMIUM)) message = `Chromium not found at ${CHROMIUM} (make deps-system, or set CHROMIUM_BIN)`;
  if (!message) return false;
  if (process.env.CI || process.env.E2E_REQUIRED === '1') throw new Error(message);
  return message;
}

/** freePort asks the kernel for a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** runPoold runs one short command of the binary (for example `admin ...`) and gives its output. */
export function runPoold(args, { timeout = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    execFile(POOLD_BIN, args, { timeout }, (err, stdout, stderr) => {
      if (err) reject(new Error(`poold ${args.join(' ')} failed: ${err.message}\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

async function waitHealthy(url, child, logs, deadline) {
  let lastError = null;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`poold exited with ${child.exitCode} before it was healthy:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
      lastError = new Error(`/healthz answered ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`poold was not healthy in time (${lastError?.message}):\n${logs.join('')}`);
}

/**
 * startPoold starts `poold serve --http 127.0.0.1:<port> --db <tmp>/poold.db`
 * plus `args`, after running each command of `setup` (for example
 * ['admin', 'sysconfig', 'set', 'global', 'telegram_url', url]) against the
 * same database, and waits for /healthz. `args` may be a function of the
 * server's temporary folder, for flags that name files in it (`--outbox`).
 *
 * With `testClock: true` the server runs with `--test-clock` (a test-only flag that
 * poold takes on a loopback address only) and `server.advanceClock(seconds)` moves
 * the server's clock on: the wait between two codes, code and slider-ticket expiry,
 * rate-limit windows and lockouts pass at once instead of in wall time. Timers in the
 * page are the browser's own: move those with playwright's `page.clock`.
 *
 * @param {{ args?: string[] | ((tmp: { dir: string, db: string }) => string[]), setup?: string[][], env?: Record<string,string>, startTimeoutMs?: number, testClock?: boolean }} [options]
 */
export async function startPoold({ args = [], setup = [], env = {}, startTimeoutMs = 30_000, testClock = false } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'poold-e2e-'));
  const db = path.join(dir, 'poold.db');
  // Flags go right after the subcommand: Go's flag parsing stops at the first
  // positional argument, so `admin sysconfig set ... --db X` would not see --db.
  for (const [subcommand, ...rest] of setup) await runPoold([subcommand, '--db', db, ...rest]);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logs = [];
  const extra = [...(typeof args === 'function' ? args({ dir, db }) : args), ...(testClock ? ['--test-clock'] : [])];
  const child = spawn(POOLD_BIN, ['serve', '--http', `127.0.0.1:${port}`, '--db', db, ...extra], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    logs.push(chunk.toString());
    if (logs.length > 400) logs.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await waitHealthy(url, child, logs, Date.now() + startTimeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  /** advanceClock moves the server's test clock on by `seconds` and gives the server's new time. */
  const advanceClock = async (seconds) => {
    if (!testClock) throw new Error('advanceClock needs startPoold({ testClock: true })');
    const res = await fetch(`${url}/api/test/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    const body = await res.json();
    if (!res.ok || body.code !== 0) throw new Error(`test clock: ${res.status} ${JSON.stringify(body)}`);
    return new Date(body.data.now);
  };
  return { url, port, db, dir, logs, stop, advanceClock };
}
