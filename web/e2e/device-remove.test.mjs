// Removing offline devices (docs/security.md "Device squatting"), against the real binary:
// simulated rigs mine to a sub-account, two of them stop and go offline, and the owner
// removes one from its row and then every offline device at once, each after a
// confirmation; the rig still mining offers no Remove, and the pool refuses it by API.
// Desktop (1440x900) in English, phone (390x844) in Simplified Chinese, where the Remove
// buttons are at least 44 px high.
//
// A device is offline 10 minutes after its last share (the status sweep runs every
// minute on the wall clock; --test-clock does not move devices), so this suite waits about
// 11 minutes once, for both pages' rigs together.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

const OFFLINE_WAIT = 15 * 60_000;

describe('removing offline devices', { skip: skipReason(), timeout: 25 * 60_000 }, () => {
  let pool;
  let browser;
  const contexts = [];
  const farms = {};

  /** devices answers the sub-account's devices by worker: status and id. */
  const devices = async (farm) => {
    const { token } = farms[farm].user;
    const list = await pool.api(token, 'GET', '/api/pc/v1/pool/device/list', { subAccount: farm, pageSize: 50 });
    return Object.fromEntries(list.rows.map((r) => [r.worker, r]));
  };

  const newPage = async (options, user, lang) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await loggedIn(context, user, lang);
    return context.newPage();
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
    // Each farm: two rigs that stop (gone1, gone2) and one that mines on (live).
    for (const farm of ['deskfarm', 'phonefarm']) {
      const user = await pool.account(`${farm}.${Date.now()}@example.com`);
      await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: farm, alias: 'Farm', defaultCoin: 'MINE' });
      const gone = pool.sim({ worker: `${farm}.gone1,${farm}.gone2` });
      pool.sim({ worker: `${farm}.live` });
      farms[farm] = { user, gone };
    }
    for (const farm of Object.keys(farms)) {
      await waitUntil(async () => Object.keys(await devices(farm)).length === 3, { what: `${farm}'s three devices`, timeout: 150_000, interval: 1_000 });
      await farms[farm].gone.stop();
    }
    for (const farm of Object.keys(farms)) {
      await waitUntil(
        async () => {
          const d = await devices(farm);
          return d.gone1.status === 'offline' && d.gone2.status === 'offline' && d.live.status === 'normal';
        },
        { what: `${farm}'s stopped rigs offline`, timeout: OFFLINE_WAIT, interval: 5_000 },
      );
    }
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  it('desktop: removes one offline device, then all, in English; an online one is refused', async () => {
    const { user } = farms.deskfarm;
    // The pool refuses an online device, whatever a page offers, and changes nothing.
    const live = (await devices('deskfarm')).live;
    await assert.rejects(pool.api(user.token, 'POST', '/api/pc/v1/pool/device/remove', { id: live.id }), /deskfarm\.live is online: only offline devices can be removed/);

    const page = await newPage(DESKTOP, user, 'en_US');
    await page.goto(`${pool.url}/account/orePoolAnlageuebersicht?coin=MINE&sub=deskfarm`);
    const table = page.getByTestId('device-table');
    const rowOf = (worker) => table.locator('tr').filter({ hasText: `deskfarm.${worker}` });
    await rowOf('gone1').getByTestId('device-remove').waitFor();
    assert.equal(await rowOf('live').getByTestId('device-remove').count(), 0, 'an online device offers Remove');
    await page.getByTestId('remove-offline').getByText('Remove offline devices (2)').waitFor();

    // One, from its row: the confirmation names it; Cancel keeps it.
    await page.getByRole('button', { name: 'Remove deskfarm.gone1' }).click();
    await page.getByTestId('remove-question').getByText('Remove deskfarm.gone1? It is offline').waitFor();
    await shot(page, 'device-remove-desktop-confirm-one');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('remove-question').waitFor({ state: 'detached' });
    assert.ok((await devices('deskfarm')).gone1, 'Cancel removed the device');
    await page.getByRole('button', { name: 'Remove deskfarm.gone1' }).click();
    await page.getByTestId('remove-confirm').click();
    await page.locator('.ant-message-notice').getByText('deskfarm.gone1 was removed.').waitFor();
    await rowOf('gone1').waitFor({ state: 'detached' });
    await page.getByTestId('remove-offline').getByText('Remove offline devices (1)').waitFor();

    // All at once: the rest of the offline ones; the online rig stays.
    await page.getByTestId('remove-offline').click();
    await page.getByTestId('remove-question').getByText('Remove every offline device on MINE in sub-account deskfarm (1 now)?').waitFor();
    await shot(page, 'device-remove-desktop-confirm-all');
    await page.getByTestId('remove-confirm').click();
    await page.locator('.ant-message-notice').getByText('Offline devices removed: 1.').waitFor();
    await rowOf('gone2').waitFor({ state: 'detached' });
    await rowOf('live').waitFor();
    assert.equal(await page.getByTestId('remove-offline').count(), 0, 'Remove all offers itself with nothing offline');
    assert.deepEqual(Object.keys(await devices('deskfarm')), ['live']);
    await shot(page, 'device-remove-desktop-after');
  });

  it('phone: removes one offline device, then all, in Simplified Chinese, with 44 px buttons', async () => {
    const { user } = farms.phonefarm;
    const page = await newPage(PHONE, user, 'zh_CN');
    await page.goto(`${pool.url}/mobile/account/orePoolAnlageuebersicht?coin=MINE&sub=phonefarm`);
    const card = (worker) => page.getByTestId('device-card').filter({ hasText: `phonefarm.${worker}` });
    const remove = card('gone1').getByTestId('device-remove');
    await remove.waitFor();
    assert.equal(await card('live').getByTestId('device-remove').count(), 0, 'an online device offers Remove');
    const all = page.getByTestId('remove-offline');
    await all.getByText('移除离线设备（2）').waitFor();
    for (const [what, button] of [['Remove', remove], ['Remove all', all]]) {
      const box = await button.boundingBox();
      assert.ok(box && box.height >= 44 && box.width >= 44, `${what} is ${box?.width}x${box?.height} px, under 44`);
    }
    await shot(page, 'device-remove-phone-list');

    await remove.click();
    const sheet = page.getByTestId('remove-dialog');
    await sheet.getByText('移除 phonefarm.gone1？该设备已离线').waitFor();
    await shot(page, 'device-remove-phone-confirm-one');
    await sheet.getByTestId('remove-confirm').click();
    await page.getByText('已移除 phonefarm.gone1。').waitFor();
    await card('gone1').waitFor({ state: 'detached' });

    await all.getByText('移除离线设备（1）').waitFor();
    await all.click();
    await sheet.getByText('移除子账户 phonefarm 在 MINE 上的全部 1 台离线设备？').waitFor();
    await shot(page, 'device-remove-phone-confirm-all');
    await sheet.getByTestId('remove-confirm').click();
    await page.getByText('已移除离线设备：1 台。').waitFor();
    await card('gone2').waitFor({ state: 'detached' });
    await card('live').waitFor();
    assert.equal(await all.count(), 0);
    assert.deepEqual(Object.keys(await devices('phonefarm')), ['live']);
    await shot(page, 'device-remove-phone-after');
  });
});
