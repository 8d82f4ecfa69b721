// Helpers for the account browser tests: a real SMTP sink for email codes, the
// console outbox for SMS codes, a slider dragged with real mouse moves, and an
// account made through the API for tests that only need one to exist.
//
//   const sink = await startSmtpSink();
//   const server = await startPoold({ args: ({ dir }) => ['--smtp', sink.smtp, '--smtp-tls', 'none', '--outbox', `${dir}/outbox.log`] });
//   const code = await sink.nextCode('a@example.com', () => page.getByTestId('code-button').click());
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** sleep waits ms milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** waitUntil polls fn until it returns a truthy value, and gives that value. */
export async function waitUntil(fn, { timeout = 15_000, interval = 150, what = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await sleep(interval);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

/**
 * goMissing tells node:test to skip suites that need the Go toolchain (to build
 * the SMTP sink) when it is absent; on CI or with E2E_REQUIRED=1 it is an error.
 */
export function goMissing() {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
    return false;
  } catch {
    const message = 'go not found: the SMTP sink of the account tests is built from internal/notify/smtptest/cmd/smtpsink';
    if (process.env.CI || process.env.E2E_REQUIRED === '1') throw new Error(message);
    return message;
  }
}

let built = null;

/** buildSmtpSink builds the sink once per test process (Go's cache makes later builds quick). */
function buildSmtpSink() {
  built ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'smtpsink-'));
    const bin = path.join(dir, 'smtpsink');
    await new Promise((resolve, reject) => {
      execFile('go', ['build', '-o', bin, './internal/notify/smtptest/cmd/smtpsink'], { cwd: repoDir, timeout: 180_000 }, (err, _out, stderr) =>
        err ? reject(new Error(`go build smtpsink: ${err.message}\n${stderr}`)) : resolve(),
      );
    });
    process.once('exit', () => {
      try {
        execFileSync('rm', ['-rf', dir]);
      } catch {
        // Best effort: the folder is in the temporary directory.
      }
    });
    return bin;
  })();
  return built;
}

/**
 * startSmtpSink builds and starts smtpsink on free ports. It gives `smtp`
 * (HOST:PORT for poold's --smtp), `messages(to)`, `nextCode(to, action)` (the
 * code of the first message to `to` that arrives after `action` ran) and `stop()`.
 */
export async function startSmtpSink() {
  const bin = await buildSmtpSink();
  const child = spawn(bin, ['-addr', '127.0.0.1:0', '-http', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`smtpsink did not start:\n${out}`)), 15_000);
    const onData = (chunk) => {
      out += chunk.toString();
      const smtp = out.match(/smtpsink: listening on (\S+)/);
      const http = out.match(/smtpsink: http on (\S+)/);
      if (smtp && http) {
        clearTimeout(timer);
        resolve({ smtp: smtp[1], http: `http://${http[1]}` });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`smtpsink exited with ${code}:\n${out}`)));
  });
  const { smtp, http } = await ready;

  const messages = async (to) => {
    const res = await fetch(`${http}/messages?to=${encodeURIComponent(to)}`);
    if (!res.ok) throw new Error(`smtpsink /messages answered ${res.status}`);
    return (await res.json()) ?? [];
  };

  return {
    smtp,
    http,
    messages,
    async nextCode(to, action, { timeout = 20_000 } = {}) {
      const before = (await messages(to)).length;
      await action();
      const list = await waitUntil(async () => {
        const now = await messages(to);
        return now.length > before ? now : null;
      }, { timeout, what: `an email to ${to}` });
      const code = list[list.length - 1].code;
      if (!/^\d{6}$/.test(code ?? '')) throw new Error(`no code in the email to ${to}: ${JSON.stringify(list.at(-1))}`);
      return code;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** outboxCodes reads the console sender's outbox: every {to, scene, code} in order. */
export async function outboxCodes(file) {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const out = [];
  for (const block of text.split(/^=== /m).slice(1)) {
    const head = block.match(/^\S+ (\w+) -> (\S+) \(([^,]*), ([^)]*)\)/);
    const code = block.match(/^Code: (\d{6})/m);
    if (head && code) out.push({ channel: head[1], to: head[2], lang: head[3], scene: head[4], code: code[1] });
  }
  return out;
}

/**
 * outboxNotices reads the console sender's outbox: every {to, kind} notice in order (the
 * notices that go instead of a code the account rules refuse, docs/accounts.md).
 */
export async function outboxNotices(file) {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const out = [];
  for (const block of text.split(/^=== /m).slice(1)) {
    const head = block.match(/^\S+ (\w+) -> (\S+) \(([^,]*), notice ([^)]*)\)/);
    if (head) out.push({ channel: head[1], to: head[2], lang: head[3], kind: head[4] });
  }
  return out;
}

/** latestOutboxCode gives the newest outbox code sent to `to` (phone digits or email), or null. */
export async function latestOutboxCode(file, to) {
  const list = (await outboxCodes(file)).filter((m) => m.to === to || m.to.replace(/\D/g, '').endsWith(to));
  return list.length ? list[list.length - 1].code : null;
}

/** nextOutboxCode gives the code of the first outbox message to `to` (phone digits or email) written after `action` ran. */
export async function nextOutboxCode(file, to, action, { timeout = 15_000 } = {}) {
  const matches = (m) => m.to === to || m.to.replace(/\D/g, '').endsWith(to);
  const before = (await outboxCodes(file)).filter(matches).length;
  await action();
  const list = await waitUntil(async () => {
    const now = (await outboxCodes(file)).filter(matches);
    return now.length > before ? now : null;
  }, { timeout, what: `an outbox code for ${to}` });
  return list[list.length - 1].code;
}

/**
 * dragSlider drags the open slider's handle to the end of its track with real
 * mouse moves as a person would: down, 24 small moves over about 700 ms, slow
 * at both ends, the pointer wobbling a pixel or two off the line, unevenly
 * timed; then up, and waits for the pass. (The server refuses a ruled line at
 * one speed: docs/accounts.md "Slider".)
 */
export async function dragSlider(page, { steps = 24, stepMs = 25, to = 'end' } = {}) {
  const slider = page.getByTestId('slider');
  await slider.and(page.locator('[data-status="ready"]')).waitFor({ timeout: 15_000 });
  const handle = slider.getByTestId('slider-handle');
  // Dialogs open with a zoom: measure once the handle stands still.
  let box = await handle.boundingBox();
  for (let i = 0; i < 40; i++) {
    await sleep(50);
    const next = await handle.boundingBox();
    const still = next && box && Math.abs(next.x - box.x) < 0.5 && Math.abs(next.width - box.width) < 0.5;
    box = next;
    if (still) break;
  }
  const track = await slider.locator('.up-slider__track').boundingBox();
  const y = box.y + box.height / 2;
  const startX = box.x + box.width / 2;
  const endX = to === 'end' ? track.x + track.width + 20 : startX + (track.width - box.width) * to;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    const f = i / steps;
    const eased = f * f * (3 - 2 * f);
    const wobble = Math.round(1.5 * Math.sin(i * 0.9) + (Math.random() - 0.5));
    await page.mouse.move(startX + (endX - startX) * eased, y + wobble);
    await sleep(stepMs + Math.floor(Math.random() * 10));
  }
  await page.mouse.up();
  if (to !== 'end') return;
  try {
    await slider.and(page.locator('[data-status="passed"]')).waitFor({ timeout: 15_000 });
  } catch (err) {
    // Say what the slider shows instead (a refusal, still checking, a new challenge).
    const state = await slider.evaluate((el) => `${el.dataset.status}: ${el.innerText}`).catch((e) => e.message);
    err.message = `the slider did not pass (${state}): ${err.message}`;
    throw err;
  }
}

const api = async (base, method, pathname, { body, token, query } = {}) => {
  const url = new URL(base + pathname);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', language: 'en_US', 'x-token': token ?? '' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const env = await res.json();
  if (env.code !== 0) throw new Error(`${method} ${pathname}: code ${env.code} ${env.msg}`);
  return env.data;
};

/** solvePow finds the nonce of a slider's proof of work: sha256(challenge + nonce) begins with bits zero bits. */
export function solvePow({ challenge, bits }) {
  for (let n = 0; ; n++) {
    const d = createHash('sha256').update(challenge + n).digest();
    let zeros = 0;
    for (const b of d) {
      zeros += b === 0 ? 8 : Math.clz32(b) - 24;
      if (b !== 0) break;
    }
    if (zeros >= bits) return String(n);
  }
}

/** apiTicket passes a slider through the API: the proof of work and a hand-like six-point track. */
export async function apiTicket(base) {
  const { id, width, pow } = await api(base, 'POST', '/api/pc/v1/common/captcha/new');
  const track = [
    [0, 0, 0],
    [0.1, 0.5, 96],
    [0.4, 1.5, 230],
    [0.75, 1, 318],
    [0.95, -0.5, 451],
    [1, 0, 520],
  ].map(([f, y, t]) => [Math.round(width * f * 10) / 10, y, t]);
  return (await api(base, 'POST', '/api/pc/v1/common/captcha/check', { body: { id, track, nonce: solvePow(pow) } })).ticket;
}

/**
 * apiAccount registers an email account through the API, which logs it in (one slider
 * ticket, for the code: docs/accounts.md "Sign-up"); readCode(email) gives the register
 * code (from the sink or the outbox). It answers {email, password, nickName, token, user}.
 */
export async function apiAccount(base, { email, password = 'Passw0rd!', nickName = 'e2e_user', readCode }) {
  const ticket = await apiTicket(base);
  await api(base, 'GET', '/api/pc/v1/common/customer/email/send', { query: { email, scenes: 'register', ticket } });
  const code = await readCode(email);
  const session = await api(base, 'POST', '/api/pc/v1/common/customer/register/email', { body: { email, emailCode: code, nickName, password } });
  return { email, password, nickName, token: session.token, user: session.user };
}

/** shot saves a full-page screenshot when E2E_SCREENSHOTS names a folder (for looking at the screens). */
export async function shot(page, name) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await sleep(700); // let toasts and dialog animations settle
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * tickTerms toggles the terms checkbox by its box, not its text (the text holds the links
 * to the documents). antd puts the test id on the input itself, antd-mobile on the label.
 */
export async function tickTerms(page) {
  const terms = page.getByTestId('terms');
  if ((await terms.evaluate((el) => el.tagName)) === 'INPUT') await terms.click();
  else await terms.locator('.adm-checkbox-icon').click();
}
