// One way to write times, dates and units (issue 31 item 5, docs/web.md "Formatting"),
// against the real binary at 1440x900 and 390x844: a pool with a sub-account, a rig with a
// long worker name and an observer link that ends in a week. On the pages lib/format writes,
// no time reads AM/PM, dates are one numeric form (12/06/2026, not "Dec 6, 2026" on the
// desktop beside "12/6/26" on the phone), a unit element is on one line (no "ALE / O"), and
// on the phone the long worker name is cut with an ellipsis (whole in its title) rather than
// broken mid-word.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiTicket, shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason, startPoold } from './server.mjs';

// The longest name the pool takes: a 20-character sub-account code and a 15-character suffix.
const SUB = 'fmt_long_sub_account';
const WORKER = `${SUB}.rig-with-a-name`;

/** NUMERIC_DATE_TIME is the one form a date and time take in English: 12/06/2026, 15:15. */
const NUMERIC_DATE_TIME = /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/;

/**
 * badDates lists what on the page is a time on the 12-hour clock or a date in another form
 * than the numeric one: "3:19:11 AM", "Dec 6, 2026", "12/6/26".
 */
function badDates(text) {
  const found = [];
  for (const re of [/\b\d{1,2}:\d{2}(?::\d{2})?\s?[AP]M\b/g, /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/g, /(?<![\d/])\d{1,2}\/\d{1,2}\/\d{2}(?![\d/])/g, /(?<![\d/])\d\/\d{1,2}\/\d{4}\b|(?<![\d/])\d{2}\/\d\/\d{4}\b/g]) {
    found.push(...(text.match(re) ?? []));
  }
  return found;
}

/** assertDates checks the page's visible text for 12-hour times and non-numeric dates. */
async function assertDates(page, where) {
  const text = await page.evaluate(() => document.body.innerText);
  assert.deepEqual(badDates(text), [], `${where}: times and dates in another form`);
}

/** unitLines measures every unit element: how many lines it takes (its boxes, and its height over its line height). */
function unitLines(page, selector = '.up-unit') {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const line = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.6;
        return { text: el.textContent, boxes: el.getClientRects().length, lines: Math.round(el.getBoundingClientRect().height / line) };
      }),
  );
}

async function assertUnitsOnOneLine(page, where, selector) {
  const units = await unitLines(page, selector);
  assert.ok(units.length > 0, `${where}: the figures have unit elements`);
  for (const u of units) assert.deepEqual({ text: u.text, boxes: u.boxes, lines: u.lines }, { text: u.text, boxes: 1, lines: 1 }, `${where}: "${u.text}" is on one line`);
}

describe('formatting: times, dates, units and names', { skip: skipReason(), timeout: 300_000 }, () => {
  let pool;
  let browser;
  let user;
  let address;
  const contexts = [];

  const newPage = async (options, who) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    if (who) await loggedIn(context, who, 'en_US');
    else await context.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    return context.newPage();
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
    user = await pool.account(`fmt.${Date.now()}@example.com`);
    const sub = await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: SUB, alias: 'Farm', defaultCoin: 'MINE' });
    await pool.api(user.token, 'POST', '/api/pc/v1/customer/observer/link/add', {
      currencyList: ['MINE'],
      subAccounts: [],
      machineInfoEnabled: true,
      incomeInfoEnabled: false,
      note: 'Host Li',
      expiresIn: 7,
    });
    const links = await pool.api(user.token, 'GET', '/api/pc/v1/customer/observer/link/get');
    address = new URL(links[0].link, pool.url).href;
    pool.sim({ worker: WORKER, uniplusId: sub.uniplusId, coin: 'MINE' });
    await waitUntil(async () => (await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', { coin: 'MINE', page: 1, pageSize: 10 })).total === 1, {
      what: 'the rig as a device',
      timeout: 150_000,
      interval: 1_000,
    });
  });

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  it('desktop 1440x900: dates and times in one numeric 24-hour form, units on one line', async () => {
    const page = await newPage(DESKTOP, user);
    // The observer links: when each ends, numeric with its 24-hour time.
    await page.goto(`${pool.url}/observer`);
    const row = page.getByTestId('link-row-Host Li');
    await row.waitFor();
    const ends = (await row.locator('td').filter({ hasText: /^Until / }).first().textContent()).replace(/^Until /, '').trim();
    assert.match(ends, NUMERIC_DATE_TIME);
    await assertDates(page, 'observer links');
    await shot(page, 'formatting-desktop-links');

    // The link's own page: until when it is open.
    const watcher = await newPage(DESKTOP);
    await watcher.goto(address);
    await watcher.getByTestId('observer-entry').waitFor();
    const until = watcher.getByTestId('observer-until');
    assert.match((await until.textContent()).trim(), NUMERIC_DATE_TIME);
    await assertDates(watcher, 'observer entry');

    // The sub-accounts: the day each was added, numeric.
    await page.goto(`${pool.url}/account/orePoolSubAccountInfo`);
    await page.getByText(SUB).first().waitFor();
    await page.locator('td').filter({ hasText: /^\d{2}\/\d{2}\/\d{4}$/ }).first().waitFor();
    await assertDates(page, 'sub-accounts');

    // The home page's coin table: each hashrate's unit on one line.
    await page.goto(`${pool.url}/`);
    await page.getByTestId('coin-pool-MINE').locator('.up-unit').waitFor();
    await assertUnitsOnOneLine(page, 'home');
    await assertDates(page, 'home');
    await shot(page, 'formatting-desktop-home');
  });

  it('phone 390x844: the same forms; units on one line; a long worker name cut with an ellipsis', async () => {
    const page = await newPage(PHONE, user);
    await page.goto(`${pool.url}/mobile/observer`);
    await page.getByText('Host Li').first().waitFor();
    const ends = await page.locator('.up-mpool-hint').filter({ hasText: /^Until / }).first().textContent();
    assert.match(ends.replace(/^Until /, '').trim(), NUMERIC_DATE_TIME);
    await assertDates(page, 'phone observer links');

    const watcher = await newPage(PHONE);
    await watcher.goto(address.replace('/observerMode/', '/mobile/observerMode/'));
    await watcher.getByTestId('observer-entry').waitFor();
    const until = watcher.getByTestId('observer-until');
    assert.match((await until.textContent()).trim(), NUMERIC_DATE_TIME);
    await assertDates(watcher, 'phone observer entry');

    // The device list: the long name keeps one line, cut with an ellipsis, whole in its title.
    await page.goto(`${pool.url}/mobile/account/orePoolAnlageuebersicht?coin=MINE&sub=${SUB}`);
    const name = page.getByTestId('device-card').locator('.up-mpool-device__name');
    await name.first().waitFor();
    const m = await name.first().evaluate((el) => {
      const s = getComputedStyle(el);
      const line = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.6;
      return { title: el.getAttribute('title'), overflow: s.textOverflow, cut: el.scrollWidth > el.clientWidth, lines: Math.round(el.getBoundingClientRect().height / line), boxes: el.getClientRects().length };
    });
    assert.deepEqual(m, { title: WORKER, overflow: 'ellipsis', cut: true, lines: 1, boxes: 1 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the device list is ${overflow}px wider than the screen`);
    await assertDates(page, 'phone device list');
    await shot(page, 'formatting-phone-devices');

    // The sub-account's figures: each unit on one line.
    await page.goto(`${pool.url}/mobile/account/orePoolSubAccountDetail?code=${SUB}&coin=MINE`);
    // Once the pool has measured the rig (a minute or five shares), its hashrate has a unit.
    await page.locator('.up-mpool-card .up-unit').first().waitFor({ timeout: 120_000 });
    await assertUnitsOnOneLine(page, 'phone sub-account');
    await assertDates(page, 'phone sub-account');
    await shot(page, 'formatting-phone-sub-account');
  });

  it('phone 390x844, the demo pool: an ALEO amount and its unit in a stat card keep "ALEO" whole', async () => {
    const demo = await startPoold({ args: ['--demo', '--roles', 'api,jobs'], startTimeoutMs: 60_000 });
    try {
      const login = await waitUntil(
        async () => {
          const res = await fetch(`${demo.url}/api/pc/v1/common/customer/login/email/pwd`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', language: 'en_US' },
            body: JSON.stringify({ email: 'demo@example.com', password: 'demo-pool-2026', ticket: await apiTicket(demo.url) }),
          });
          return (await res.json()).data;
        },
        { timeout: 60_000, interval: 500, what: 'the demo account' },
      );
      const summary = async () => {
        const env = await (await fetch(`${demo.url}/api/pc/v1/earnings/summary`, { headers: { 'x-token': login.token, language: 'en_US' } })).json();
        return env.data ?? [];
      };
      await waitUntil(async () => (await summary()).some((c) => c.coin === 'ALEO' && Number(c.total) > 0), { timeout: 60_000, what: 'demo ALEO earnings' });
      const page = await newPage(PHONE, login);
      await page.goto(`${demo.url}/mobile/account/orePoolRevenueSummary?coin=ALEO`);
      await page.getByTestId('revenue-total').waitFor();
      // The cards' units (the same element before and after lib/format): one line each.
      await assertUnitsOnOneLine(page, 'phone ALEO earnings', '.up-mpool-card__value small');
      // And inside their cards: a unit that cannot share the amount's line takes the next.
      const outside = await page.locator('.up-mpool-card__value small').evaluateAll((els) =>
        els.filter((el) => el.getBoundingClientRect().right > el.closest('.up-mpool-card').getBoundingClientRect().right).map((el) => el.textContent),
      );
      assert.deepEqual(outside, [], 'units past the edge of their card');
      await shot(page, 'formatting-phone-aleo');
    } finally {
      await demo.stop();
    }
  });
});
