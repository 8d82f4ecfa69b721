// Pool mode from nothing to a hashing rig, against the real binary: a new user sees the
// start steps, creates a sub-account in the page, copies the shown worker name into a
// simulated rig (`poold sim`), and watches it appear in the overview and the device list
// with hashrate; filters, page size, unbind and bind; a delete while devices exist refused
// by the server, shown in the page; what a coin's flags do not allow is not offered (a
// coin without currencyChangeFlag disabled in the coin picker with why, no bind switch on a
// coin without machineBindFlag); copy buttons on codes and worker names; the skeleton of a
// first load; devices by sub-account without one says what to do. The Uniplus ID is shown once, right after create and
// after a regenerate that asks first, and masked to its prefix otherwise (reloads
// included). The connect panel gives the miners' command lines with copy buttons, and a
// sub-account's own page names it in the switcher. Desktop in English, phone in
// Simplified Chinese.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

describe('pool mode: sub-accounts and devices', { skip: skipReason(), timeout: 420_000 }, () => {
  let pool;
  let browser;
  const contexts = [];

  const newPage = async (options, user, lang) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
    await loggedIn(context, user, lang);
    return context.newPage();
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
  });
  /** clipboard is what the page last copied. */
  const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  it('desktop: from no sub-account to a rig with hashrate, in English', async () => {
    const user = await pool.account(`desk.${Date.now()}@example.com`);
    const page = await newPage(DESKTOP, user, 'en_US');
    // Devices by sub-account without one: what to do next, not antd's "No data".
    await page.goto(`${pool.url}/account/orePoolDeviceSubaccount`);
    await page.getByTestId('subs-empty').getByText('Create a sub-account and point a rig at it').waitFor();
    await page.getByRole('button', { name: 'Create a sub-account' }).click();
    await page.waitForURL((u) => u.pathname === '/account/orePoolSubAccountInfo');
    await page.getByTestId('pool-start').waitFor();
    await shot(page, 'pool-desktop-start');

    // A bad code is refused in the form, before anything is sent.
    await page.getByTestId('start-create').click();
    await page.getByTestId('create-code').fill('Bad Code');
    await page.getByTestId('create-alias').fill('Farm one');
    await page.locator('#create-submit').click();
    await page.getByText('Use 3-20 lower-case letters').waitFor();
    await page.getByTestId('create-code').fill('deskfarm');
    await page.getByTestId('create-coin').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Minecoin' }).click();
    // The option's click can land while the list is still opening on a busy machine: the
    // list then stays open over the submit button. Submit only once the choice shows and
    // the list has closed.
    await page.getByTestId('create-coin').locator('.ant-select-selection-item', { hasText: 'Minecoin' }).waitFor();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'detached', timeout: 5000 }).catch(async () => {
      await page.keyboard.press('Escape');
    });
    await page.locator('#create-submit').click();
    await page.getByTestId('sub-table').getByText('deskfarm').waitFor();

    // The connection panel gives the URL, worker name and the new Uniplus ID to copy:
    // the ID this once, said so, until it is saved; then only its prefix, masked.
    const worker = (await page.getByTestId('worker-name').textContent()).trim();
    const stratum = (await page.getByTestId('stratum-url').textContent()).trim();
    const firstId = (await page.getByTestId('uniplus-id').textContent()).trim();
    assert.equal(worker, 'deskfarm.rig01');
    assert.match(stratum, new RegExp(`:${pool.ports.MINE}$`));
    assert.match(firstId, /^UP-[0-9a-f]{64}$/);
    await page.getByTestId('uniplus-once').getByText('this is the only time it is shown').waitFor();
    // Beside the URL, the miners' command lines for the coin (MINE is a devnet coin, hashed
    // with sha256d: cpuminer), each with its copy button (issue 31).
    const cpuminer = `cpuminer -a sha256d -o ${stratum} -u deskfarm.rig01 -p x`;
    assert.equal((await page.getByTestId('miner-command-cpuminer').getByTestId('miner-command').textContent()).trim(), cpuminer);
    await page.getByRole('button', { name: 'Copy the cpuminer command' }).click();
    assert.equal(await clipboard(page), cpuminer);
    await shot(page, 'pool-desktop-connect');
    await page.getByTestId('uniplus-saved').click();
    assert.equal((await page.getByTestId('uniplus-masked').textContent()).trim(), `${firstId.slice(0, 7)}••••••••`);
    assert.equal(await page.getByTestId('uniplus-id').count(), 0);
    // Reloaded, the page cannot show it again: the pool keeps its hash.
    await page.reload();
    await page.getByTestId('uniplus-masked').getByText(firstId.slice(0, 7)).waitFor();
    assert.ok(!(await page.content()).includes(firstId.slice(7)), 'the page holds the Uniplus ID after a reload');
    await shot(page, 'pool-desktop-connect-masked');
    // Regenerate asks first (the old ID stops working), then shows the new ID once.
    await page.getByTestId('regenerate').click();
    await page.getByText('The old one stops working at once').waitFor();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    const uniplusId = (await page.getByTestId('uniplus-id').textContent()).trim();
    assert.match(uniplusId, /^UP-[0-9a-f]{64}$/);
    assert.notEqual(uniplusId, firstId);
    await page.getByTestId('uniplus-once').waitFor();
    const agentWith = async (id) =>
      (await fetch(`${pool.url}/api/agent/v1/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-uniplus-id': id, language: 'en_US' },
        body: JSON.stringify({ worker: 'probe', coin: 'MINE', hardware: { minerRunning: true }, gpus: [] }),
      })).status;
    assert.equal(await agentWith(firstId), 401, 'the old Uniplus ID still works');
    await page.getByTestId('uniplus-saved').click();
    await page.getByTestId('uniplus-masked').getByText(uniplusId.slice(0, 7)).waitFor();

    // Rename, and a refused default-coin change (LOCK has no currencyChangeFlag).
    await page.getByTestId('rename-sub').click();
    await page.getByTestId('rename-alias').fill('Basement');
    await page.locator('#rename-submit').click();
    await page.getByTestId('sub-alias').getByText('Basement').waitFor();
    // A sub-account's own page names it in the switcher, not "All sub-accounts" (issue 31),
    // with its connect panel and command lines.
    await page.goto(`${pool.url}/account/orePoolSubAccountDetail?code=deskfarm`);
    await page.getByTestId('sub-switcher').locator('.ant-select-selection-item', { hasText: 'Basement (deskfarm)' }).waitFor();
    await page.getByTestId('miner-command-cpuminer').getByText(cpuminer).waitFor();
    await shot(page, 'pool-desktop-sub-detail');
    await page.goto(`${pool.url}/account/orePoolSubAccountInfo`);
    await page.getByTestId('sub-alias').getByText('Basement').waitFor();
    // The code copies with its button.
    await page.getByTestId('sub-code-copy').click();
    assert.equal(await clipboard(page), 'deskfarm');
    // LOCK has no currencyChangeFlag: offered, disabled, with why; choosing it changes nothing.
    await page.getByTestId('sub-coin').click();
    const lock = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Lockcoin' });
    await lock.getByText('(cannot be switched to)').waitFor();
    assert.match(await lock.getAttribute('class'), /ant-select-item-option-disabled/);
    await shot(page, 'pool-desktop-coin-gated');
    // A disabled option may sit below the list's visible window, where a pointer click
    // cannot reach it; the event is what the test needs to send.
    await lock.dispatchEvent('click');
    await page.keyboard.press('Escape');
    assert.equal(await page.getByTestId('sub-error').count(), 0, 'a disabled coin was sent');
    assert.equal((await pool.api(user.token, 'GET', '/api/pc/v1/pool/subaccount/list'))[0].defaultCoin, 'MINE');

    // The rig the page described starts; it appears with hashrate. A second one mines LOCK
    // (no machineBindFlag).
    pool.sim({ worker, uniplusId, coin: 'MINE' });
    pool.sim({ worker: 'deskfarm.lockrig', coin: 'LOCK' });
    await waitUntil(async () => (await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', {})).total === 2, { what: 'the devices', timeout: 150_000, interval: 1_000 });
    // Delete is refused while the devices exist.
    await page.reload();
    await page.getByTestId('delete-sub').click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await page.getByTestId('sub-error').getByText('still has 2 devices').waitFor();

    // The LOCK rig's row has no bind switch, and says why; its worker name copies.
    // While the first page loads, a skeleton stands where the table will be.
    const slowList = async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue().catch(() => {}); // the page may have moved on
    };
    await page.route('**/api/pc/v1/pool/device/list**', slowList);
    await page.goto(`${pool.url}/account/orePoolAnlageuebersicht?coin=LOCK`);
    await page.locator('.up-page__body .ant-skeleton').waitFor();
    assert.equal(await page.getByTestId('device-table').count(), 0);
    assert.equal(await page.locator('.up-page__body .ant-spin-spinning').count(), 0, 'a spinner instead of the skeleton');
    const lockRow = page.locator('.ant-table-row', { hasText: 'deskfarm.lockrig' });
    await lockRow.getByTestId('bind-off').getByText('LOCK does not offer binding').waitFor();
    await page.unroute('**/api/pc/v1/pool/device/list**', slowList);
    assert.equal(await lockRow.getByTestId('bind-switch').count(), 0);
    // LOCK has no machineDetailFlag: the name is no link to a page the pool would refuse.
    assert.equal(await lockRow.getByTestId('device-link').count(), 0, 'a LOCK device links to its page');
    await lockRow.getByTestId('device-name').getByText('deskfarm.lockrig').waitFor();
    await lockRow.getByTestId('device-copy').click();
    assert.equal(await clipboard(page), 'deskfarm.lockrig');
    await shot(page, 'pool-desktop-lock-devices');

    await page.goto(`${pool.url}/account/orePoolDeviceOverview?coin=MINE`);
    // The agent's report may make the device before its first share does: abnormal until
    // the next flush of shares, then normal.
    await page.getByTestId('count-total').getByText('1').waitFor();
    await waitUntil(
      async () => {
        await page.getByTestId('count-total').click();
        await page.getByTestId('device-table').waitFor();
        const rt = await page.getByTestId('device-rt').first().textContent();
        if (!/^0(\.00)?\s/.test(rt)) return true;
        await page.goBack();
        await page.waitForTimeout(5_000);
        await page.reload();
        return false;
      },
      { what: 'a real-time hashrate above zero', timeout: 180_000, interval: 1_000 },
    );
    assert.equal(await page.getByTestId('device-link').first().textContent(), 'deskfarm.rig01');
    assert.equal(await page.getByTestId('bind-off').count(), 0, 'MINE binds');
    await shot(page, 'pool-desktop-list');

    // Filters live in the address; an offline filter empties the list, the keyword finds it.
    await page.getByTestId('status-filter').getByText('Offline').click();
    await page.getByText('No device matches these filters.').waitFor();
    assert.match(page.url(), /status=offline/);
    await page.getByText('Clear filters').click();
    await page.getByTestId('device-search').fill('rig01');
    await page.getByTestId('device-search').press('Enter');
    await page.getByTestId('device-link').waitFor();
    assert.match(page.url(), /keyword=rig01/);
    assert.doesNotMatch(page.url(), /status=/, 'a search right after clearing the filters brought one back');
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '50' }).click();
    await waitUntil(() => /pageSize=50/.test(page.url()), { what: 'page size in the address' });

    // Unbind asks first; then bind again.
    await page.getByTestId('bind-switch').click();
    await page.getByText('Unbound devices earn nothing').waitFor();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await waitUntil(async () => (await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', { coin: 'MINE' })).rows[0].bound === false, { what: 'unbound' });
    await page.getByTestId('bind-switch').click();
    await waitUntil(async () => (await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', { coin: 'MINE' })).rows[0].bound === true, { what: 'bound again' });

    // The overview's chart draws real points.
    await page.goto(`${pool.url}/account/orePoolDeviceOverview?coin=MINE`);
    // The chart is on the page before its data: wait for the points, as pool-overclock does.
    await page.locator('[data-testid="hashrate-chart"][data-points="144"]').waitFor();
    await shot(page, 'pool-desktop-overview');
  });

  it('phone: create a sub-account, a rig appears; binding on a coin without the flag is refused, in Chinese', async () => {
    const user = await pool.account(`phone.${Date.now()}@example.com`);
    const page = await newPage(PHONE, user, 'zh_CN');
    // Devices by sub-account without one: what to do next.
    await page.goto(`${pool.url}/mobile/account/orePoolDeviceSubaccount`);
    await page.getByTestId('subs-empty').getByText('创建子账户并让矿机连接到它').waitFor();
    await page.getByTestId('subs-empty').getByRole('button', { name: '创建子账户' }).click();
    await page.waitForURL((u) => u.pathname === '/mobile/account/orePoolSubAccountInfo');
    await page.getByTestId('pool-start').waitFor();
    await page.getByTestId('start-create').click();
    await page.getByTestId('create-code').fill('phonefarm');
    await page.getByTestId('create-alias').fill('阳台');
    await page.getByTestId('create-coin').selectOption('MINE');
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('sub-card').waitFor();
    // The code copies with its button; LOCK (no currencyChangeFlag) is listed disabled, with why.
    await page.getByTestId('sub-card').getByTestId('sub-code-copy').click();
    assert.equal(await clipboard(page), 'phonefarm');
    const lockOption = page.getByTestId('sub-coin').locator('option[value="LOCK"]');
    assert.equal(await lockOption.evaluate((o) => o.disabled), true);
    assert.match(await lockOption.textContent(), /Lockcoin \(不可切换至此币种\)/);
    assert.equal(await page.getByTestId('sub-coin').locator('option[value="MINE"]').evaluate((o) => o.disabled), false);
    const worker = (await page.getByTestId('worker-name').textContent()).trim();
    // The new Uniplus ID this once, said so; saved, only its prefix, masked.
    const firstId = (await page.getByTestId('uniplus-id').textContent()).trim();
    assert.match(firstId, /^UP-[0-9a-f]{64}$/);
    await page.getByTestId('uniplus-once').getByText('此 ID 仅显示这一次').waitFor();
    assert.equal(worker, 'phonefarm.rig01');
    assert.ok(await page.locator('[data-testid="connect-panel"] svg').count(), 'a QR code to scan');
    // The miners' command lines beside the URL, each with its copy button, within the screen.
    const stratum = (await page.getByTestId('stratum-url').textContent()).trim();
    const cpuminer = `cpuminer -a sha256d -o ${stratum} -u phonefarm.rig01 -p x`;
    assert.equal((await page.getByTestId('miner-command-cpuminer').getByTestId('miner-command').textContent()).trim(), cpuminer);
    await page.getByRole('button', { name: '复制 cpuminer 命令' }).click();
    assert.equal(await clipboard(page), cpuminer);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.viewport.width, 'nothing wider than the screen');
    await shot(page, 'pool-phone-sub');
    await page.getByTestId('uniplus-saved').click();
    assert.equal((await page.getByTestId('uniplus-masked').textContent()).trim(), `${firstId.slice(0, 7)}••••••••`);
    await page.reload();
    await page.getByTestId('uniplus-masked').getByText(firstId.slice(0, 7)).waitFor();
    assert.ok(!(await page.content()).includes(firstId.slice(7)), 'the page holds the Uniplus ID after a reload');
    await shot(page, 'pool-phone-connect-masked');
    // Regenerate asks first, then shows the new ID once.
    await page.getByTestId('regenerate').click();
    await page.getByText('旧 ID 将立即失效').waitFor();
    await page.locator('.adm-dialog-footer').getByText('确认').click();
    const uniplusId = (await page.getByTestId('uniplus-id').textContent()).trim();
    assert.match(uniplusId, /^UP-[0-9a-f]{64}$/);
    assert.notEqual(uniplusId, firstId);
    // The sub-account's own page names it in the switcher (issue 31).
    await page.goto(`${pool.url}/mobile/account/orePoolSubAccountDetail?code=phonefarm`);
    await page.getByTestId('miner-command-cpuminer').getByText(cpuminer).waitFor();
    await waitUntil(async () => (await page.getByTestId('sub-switcher').inputValue()) === 'phonefarm', { what: 'the switcher on phonefarm' });

    // A rig on MINE, and one on LOCK (a coin without machineBindFlag).
    pool.sim({ worker, uniplusId, coin: 'MINE' });
    pool.sim({ worker: 'phonefarm.lockrig', coin: 'LOCK' });
    await waitUntil(async () => (await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', {})).total === 2, { what: 'two devices', timeout: 150_000, interval: 1_000 });

    await page.goto(`${pool.url}/mobile/account/orePoolDeviceOverview?coin=MINE`);
    await page.getByTestId('count-total').getByText('(1)').waitFor();
    await shot(page, 'pool-phone-overview');
    await page.goto(`${pool.url}/mobile/account/orePoolAnlageuebersicht?coin=MINE`);
    await page.getByTestId('device-card').getByText('phonefarm.rig01').waitFor();
    await page.getByTestId('device-card').getByTestId('bind-switch').waitFor();
    // The worker name copies with its button.
    await page.getByTestId('device-card').getByTestId('device-copy').click();
    await page.getByText('已复制').first().waitFor();
    assert.equal(await clipboard(page), 'phonefarm.rig01');
    await shot(page, 'pool-phone-list');

    // The LOCK rig starts unbound and, on a coin without machineBindFlag, has no switch: why instead.
    await page.goto(`${pool.url}/mobile/account/orePoolAnlageuebersicht?coin=LOCK`);
    const lockCard = page.getByTestId('device-card').filter({ hasText: 'phonefarm.lockrig' });
    await lockCard.getByTestId('bind-off').getByText('LOCK 不支持绑定设备').waitFor();
    assert.equal(await lockCard.getByTestId('bind-switch').count(), 0);
    assert.equal(await lockCard.getByTestId('device-link').count(), 0, 'a LOCK device links to its page');
    await lockCard.getByTestId('device-name').getByText('phonefarm.lockrig').waitFor();
    await shot(page, 'pool-phone-lock-devices');
    const rows = (await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', { coin: 'LOCK' })).rows;
    assert.equal(rows[0].bound, false, 'a device on LOCK stays unbound');
  });

  it('phone: the coin sort button "순서" stays on one line, in Korean (issue 31)', async () => {
    const user = await pool.account(`phone.ko.${Date.now()}@example.com`);
    // A sub-account with a long name widens the pickers beside the button: the squeeze that
    // broke "순서" over two lines.
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'kofarmwest', alias: '지하실 채굴장 서쪽 벽면 랙', defaultCoin: 'MINE' });
    const page = await newPage(PHONE, user, 'ko_KR');
    await page.goto(`${pool.url}/mobile/account/orePoolAnlageuebersicht?coin=MINE`);
    const button = page.getByTestId('coin-order-open');
    await button.getByText('순서').waitFor();
    // One line: the label is no taller than its own line height, and the button keeps its
    // one-line height (min-height 40px), whatever the coin picker beside it takes.
    const { label, lineHeight, height } = await button.evaluate((b) => {
      const span = b.querySelector('span');
      const style = getComputedStyle(span);
      const lh = style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.6 : parseFloat(style.lineHeight);
      return { label: span.getBoundingClientRect().height, lineHeight: lh, height: b.getBoundingClientRect().height };
    });
    assert.ok(label < lineHeight * 1.5, `the label wraps: ${label}px for a ${lineHeight}px line`);
    assert.equal(Math.round(height), 40, `the button is ${height}px high, not one line`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.viewport.width, 'nothing wider than the screen');
    await shot(page, 'pool-phone-sort-ko');
  });
});
