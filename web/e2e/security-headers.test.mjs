// The app under its own Content-Security-Policy (docs/security.md, "Security headers"):
// the home page and a password log-in run with no violation reported, and a page of
// another origin cannot frame the pool.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { dragSlider, tickTerms } from './accounts.mjs';
import { DESKTOP, launchBrowser, waitForPath } from './browser.mjs';
import { startPool } from './pool.mjs';
import { freePort, skipReason } from './server.mjs';

/**
 * watchPolicy records every CSP violation a page reports: the securitypolicyviolation
 * events of its documents (an init script, which the policy does not govern) and console
 * errors that name the Content Security Policy. violations() gives them so far.
 */
async function watchPolicy(context, page) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile}:${e.lineNumber}`),
      true,
    );
  });
  const logged = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) logged.push(m.text());
  });
  return async () => [...logged, ...(await page.evaluate(() => window.__cspViolations))];
}

describe('security headers', { skip: skipReason(), timeout: 120_000 }, () => {
  let pool;
  let browser;
  let framer;
  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
  });
  after(async () => {
    await new Promise((resolve) => (framer ? framer.close(resolve) : resolve()));
    await browser?.close();
    await pool?.stop();
  });

  it('the home page runs under the policy', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const violations = await watchPolicy(context, page);
    const res = await page.goto(pool.url + '/');
    const policy = res.headers()['content-security-policy'] ?? '';
    assert.match(policy, /script-src 'self';/);
    assert.match(policy, /frame-ancestors 'none'/);
    // The app has rendered (its scripts ran): the coin table and the first coin's trend,
    // whose chart (ECharts on a canvas) loads when it comes into view.
    await page.getByTestId('coin-row-MINE').waitFor();
    await page.locator('[data-testid^="coin-detail-"]').first().scrollIntoViewIfNeeded();
    await page.locator('[data-testid="trend-chart"] canvas, [data-testid^="trend-empty-"]').first().waitFor();
    assert.deepEqual(await violations(), []);
    await context.close();
  });

  it('the log-in page runs under the policy, through the slider to a session', async () => {
    const { email, password } = await pool.account('csp@example.com');
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const violations = await watchPolicy(context, page);
    const res = await page.goto(pool.url + '/login');
    assert.match(res.headers()['content-security-policy'] ?? '', /script-src 'self';/);
    // A password log-in: the slider's proof of work (a worker script), the drag and the
    // JSON writes all run under the policy.
    await page.locator('#login_account').fill(email);
    await page.locator('#login_password').fill(password);
    await tickTerms(page);
    await page.getByTestId('submit').click();
    await dragSlider(page);
    await page.getByText('Login successful.').waitFor();
    await waitForPath(page, '/');
    assert.deepEqual(await violations(), []);
    await context.close();
  });

  it('a page of another origin cannot frame the pool', async () => {
    // Another origin on this machine: the same host, another port.
    const port = await freePort();
    framer = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>framer</title><iframe id="pool" src="${pool.url}/" width="800" height="600"></iframe>`);
    });
    await new Promise((resolve) => framer.listen(port, '127.0.0.1', resolve));

    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    // Chromium says why it refused; null if it never does (the assertion below says so).
    const refused = page
      .waitForEvent('console', { predicate: (m) => /frame-ancestors|X-Frame-Options/.test(m.text()), timeout: 30_000 })
      .catch(() => null);
    await page.goto(`http://127.0.0.1:${port}/`);
    // The frame holds Chromium's error page, never the pool's app.
    const frame = await (await page.$('#pool')).contentFrame();
    await frame.waitForLoadState('load');
    assert.notEqual(new URL(frame.url()).origin, new URL(pool.url).origin, `the frame loaded ${frame.url()}`);
    const message = await refused;
    assert.match(message?.text() ?? '(no refusal logged)', /frame-ancestors 'none'/);
    await context.close();
  });
});
