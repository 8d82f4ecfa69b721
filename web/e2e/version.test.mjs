// A changed app version shows the update loader and reloads with the new version stored.
// The loader's 2 s and the reload's 3 s are the page's own timers: the tests move the
// page's clock (playwright's page.clock) instead of waiting for them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, launchBrowser, storageItem } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

/** The delays of src/lib/version.ts: the loader shows after 2 s, the page reloads after 3 s. */
const LOADER_MS = 2000;
const RELOAD_MS = 3000;
/** STEP_MS is how far the page clock moves at a time while a test looks for a change. */
const STEP_MS = 100;

/** settle lets the page run the tasks already queued (React commits in such tasks). */
const settle = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

/** runClockUntil moves the paused page clock on in steps until done() holds, and gives how far it moved. */
async function runClockUntil(page, done, maxMs = 10_000) {
  for (let moved = 0; moved <= maxMs; moved += STEP_MS) {
    await settle(page);
    if (await done()) return moved;
    await page.clock.runFor(STEP_MS);
  }
  throw new Error(`still waiting after ${maxMs} ms of page time`);
}

/** stepClock moves the paused page clock on by ms, a step at a time, letting the page work between steps. */
async function stepClock(page, ms) {
  for (let moved = 0; moved < ms; moved += STEP_MS) {
    await page.clock.runFor(STEP_MS);
    await settle(page);
  }
}

/** holdVersionCheck holds the page's next /version.json request: asked() tells whether it came, answer() lets it through. */
async function holdVersionCheck(page) {
  let route = null;
  await page.route((url) => url.pathname === '/version.json', (r) => {
    route = r;
  }, { times: 1 });
  return { asked: () => route !== null, answer: () => route.continue() };
}

describe('version check', { skip: skipReason(), timeout: 60_000 }, () => {
  let server;
  let browser;
  let version;
  before(async () => {
    [server, browser] = await Promise.all([startPoold(), launchBrowser()]);
    const body = await (await fetch(`${server.url}/version.json?e2e`)).json();
    version = body.data.version;
    assert.ok(version, '/version.json has data.version');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the first visit stores the version without a loader', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(server.url + '/');
    // The version is stored in the same step that would schedule the loader.
    await page.waitForFunction((v) => localStorage.getItem('version') === v, version);
    await page.clock.runFor(RELOAD_MS + 500);
    await settle(page);
    assert.equal(await page.getByTestId('version-loader').count(), 0);
    await context.close();
  });

  it('a stale stored version shows the loader after 2 s, then reloads with the server version', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(server.url + '/');
    await page.waitForFunction((v) => localStorage.getItem('version') === v, version);
    await page.evaluate(() => localStorage.setItem('version', 'old'));
    // From here the page's time moves only when the test moves it (pauseAt jumps ahead a
    // little first: the page's time runs on until the call arrives).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const check = await holdVersionCheck(page);
    await page.reload();
    await page.evaluate(() => {
      window.__beforeUpdate = true;
    });
    // The app starts on the page clock too: move it until the version check asks, then
    // answer with the clock standing still, so the loader's 2 s start where the count does.
    await runClockUntil(page, check.asked);
    await check.answer();

    const loader = page.getByTestId('version-loader');
    const shownAfter = await runClockUntil(page, async () => (await loader.count()) > 0);
    assert.ok(shownAfter >= LOADER_MS, `the loader showed after ${shownAfter} ms, not 2 s`);
    assert.equal(await page.evaluate(() => window.__beforeUpdate), true, 'shown before the reload');

    const reloaded = page.waitForEvent('load');
    const recheck = await holdVersionCheck(page);
    await page.clock.runFor(RELOAD_MS - LOADER_MS + STEP_MS);
    await reloaded;
    assert.equal(await page.evaluate(() => window.__beforeUpdate), undefined, 'the page reloaded');
    assert.equal(await storageItem(page, 'version'), version);

    // The reloaded page agrees with the server: no loader, however long it stays.
    await runClockUntil(page, recheck.asked);
    await recheck.answer();
    await stepClock(page, RELOAD_MS + 500);
    assert.equal(await loader.count(), 0);
    await context.close();
  });
});
