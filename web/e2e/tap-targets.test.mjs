// Tap targets (issue 31 item 6), against the real binary: on the phone (390x844) the
// device list's sort, filter and page-size selects, the sign-up page's terms checkbox (its label, which ticks it) and
// the assets overview's Withdraw and Details are at least 44 px high and wide (the box a
// finger hits); on the desktop (1440x900) the device table's copy button does not run
// into the Status column's tag.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

const MIN = 44;

/** assertTappable fails when the element's box is under 44 px either way. */
async function assertTappable(locator, what) {
  await locator.waitFor();
  const box = await locator.boundingBox();
  assert.ok(box, `${what}: no box`);
  assert.ok(box.height >= MIN && box.width >= MIN, `${what} is ${box.width.toFixed(0)}x${box.height.toFixed(0)} px, under ${MIN} px`);
}

describe('tap targets', { skip: skipReason(), timeout: 6 * 60_000 }, () => {
  let pool;
  let browser;
  let user;
  const contexts = [];
  // The longest worker name the pool takes: a 20-character code and a 15-character suffix.
  const farm = 'tapfarm_widest_code1';
  const LONG = `${farm}.rack-07-slot-03`;

  const newPage = async (options, lang = 'en_US') => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await loggedIn(context, user, lang);
    return context.newPage();
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
    user = await pool.account(`${farm}.${Date.now()}@example.com`);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: farm, alias: 'Farm', defaultCoin: 'MINE' });
    // A short worker name and a long one: the desktop copy button sits after the name,
    // whatever its length.
    pool.sim({ worker: `${farm}.rig01,${LONG}` });
    await waitUntil(
      async () => (await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', { subAccount: farm, pageSize: 10 })).rows.length === 2,
      { what: 'the devices', timeout: 150_000, interval: 1_000 },
    );
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  it('phone: the device list selects are 44 px', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${pool.url}/mobile/account/orePoolAnlageuebersicht?coin=MINE&sub=${farm}`);
    await page.getByTestId('device-card').first().waitFor();
    // The list's sort, binding filter and page size, and the bar's sub-account and coin.
    const selects = page.locator('select');
    assert.equal(await selects.count(), 5, 'the selects on the page');
    for (let i = 0; i < 5; i++) {
      const s = selects.nth(i);
      await assertTappable(s, `select ${(await s.getAttribute('aria-label')) ?? (await s.getAttribute('data-testid'))}`);
    }
    await shot(page, 'tap-targets-device-list');
  });

  it('phone: the sign-up terms checkbox is 44 px, in English and in Chinese', async () => {
    for (const lang of ['en_US', 'zh_CN']) {
      const context = await browser.newContext(PHONE);
      contexts.push(context);
      await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const page = await context.newPage();
      await page.goto(`${pool.url}/mobile/register`);
      await assertTappable(page.getByTestId('terms'), `terms checkbox (${lang})`);
      await shot(page, `tap-targets-register-${lang}`);
    }
  });

  it('phone: Withdraw and Details on the assets overview are 44 px', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${pool.url}/mobile/account/assetsOverview?sub=${farm}&coin=MINE`);
    const card = page.getByTestId('asset-card').filter({ hasText: 'MINE' });
    await assertTappable(card.getByTestId('withdraw-MINE'), 'Withdraw');
    await assertTappable(card.getByRole('link', { name: 'Details' }), 'Details');
    await shot(page, 'tap-targets-assets');
  });

  it('desktop: the copy button stays clear of the status tag', async () => {
    const page = await newPage(DESKTOP);
    await page.goto(`${pool.url}/account/orePoolAnlageuebersicht?coin=MINE&sub=${farm}`);
    for (const worker of [`${farm}.rig01`, LONG]) {
      const row = page.getByTestId('device-table').locator('tr').filter({ hasText: worker });
      const copy = await (await row.getByTestId('device-copy').elementHandle()).boundingBox();
      const tag = await (await row.getByTestId('device-status').elementHandle()).boundingBox();
      const apart = copy.x + copy.width <= tag.x || tag.x + tag.width <= copy.x || copy.y + copy.height <= tag.y || tag.y + tag.height <= copy.y;
      assert.ok(apart, `${worker}: copy ${JSON.stringify(copy)} overlaps status ${JSON.stringify(tag)}`);
    }
    await shot(page, 'tap-targets-device-table');
  });
});
