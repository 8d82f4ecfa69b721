// The observer-link manager against the real binary: a user with a sub-account makes a link
// with machine info only (a missing note refused in the form), copies it, and the link's
// token opens the device reads and not the revenue ones; edits it to add income, is refused
// a duplicate with the SPEC message, regenerates it (the old token dies) and deletes it (the
// token answers code 5). Desktop in English (the link column shows the link, back); the
// phone in Simplified Chinese with the QR code, coin icons, pages of links and back.
// Through a link of an account without sub-accounts, devices by sub-account says so.
// A logged-in owner opening Observer mode without a link is led to their own links.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runPoold, skipReason } from './server.mjs';

describe('observer links', { skip: skipReason(), timeout: 300_000 }, () => {
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

  /** code is the envelope code a call with the token answers. */
  const code = async (token, path) => {
    const res = await fetch(new URL(path, pool.url), { headers: { 'x-token': token, language: 'en_US' } });
    return (await res.json()).code;
  };
  const tokenOf = (address) => new URL(address).searchParams.get('token');

  /** announce publishes an announcement with `poold admin` while the pool runs: every link is told. */
  let announced = 0;
  const announce = async (title, body) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'obs-ann-'));
    try {
      const file = path.join(dir, 'body.md');
      await writeFile(file, body);
      await runPoold(['admin', '--db', pool.db, 'announcement', 'add', '--lang', 'en_US', '--title', title, '--file', file]);
      announced += 1; // ids count from 1 in the test's own database
      await runPoold(['admin', '--db', pool.db, 'announcement', 'publish', String(announced)]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  it('desktop: make, copy, use, edit, refuse a duplicate, regenerate and delete a link, in English', async () => {
    const user = await pool.account(`obs.desk.${Date.now()}@example.com`);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'obsfarm', alias: 'Farm', defaultCoin: 'MINE' });
    const page = await newPage(DESKTOP, user, 'en_US');
    // The header's "Observer mode" without a link is no dead end for a logged-in owner: it
    // says what it is for and leads to their own links (issue 31). In a tab of its own: the
    // manager below must be the first page of its visit.
    const entry = await page.context().newPage();
    await entry.goto(`${pool.url}/observerMode/observerList`);
    await entry.getByTestId('observer-none').getByTestId('observer-owner').getByText('To let someone see your devices or earnings without a login').waitFor();
    await shot(entry, 'observer-desktop-owner-entry');
    await entry.getByTestId('observer-own-links').getByText('My observer links').click();
    await entry.waitForURL((u) => u.pathname === '/observer');
    await entry.getByTestId('links-empty').waitFor();
    await entry.close();
    await page.goto(`${pool.url}/observer`);
    await page.getByTestId('links-empty').waitFor();
    await shot(page, 'observer-desktop-empty');

    // Machine info only; the note is required.
    await page.getByTestId('link-add').click();
    const form = page.getByTestId('link-form');
    await form.getByText('MINE · Minecoin').waitFor(); // the coin the user mines is chosen
    await page.getByTestId('link-save').click();
    await form.getByText('Enter a note.').waitFor();
    await page.getByTestId('link-note').fill('Host Li');
    await page.getByTestId('link-save').click();
    const row = page.getByTestId('link-row-Host Li');
    await row.waitFor();
    assert.equal((await row.getByTestId('link-machine-flag').textContent()).trim(), 'Yes');
    assert.equal((await row.getByTestId('link-income-flag').textContent()).trim(), 'No');
    await row.getByTestId('link-coin-MINE').waitFor();
    await shot(page, 'observer-desktop-list');

    assert.equal(await row.getByTestId('link-coin-MINE').getAttribute('title'), 'Minecoin');

    // The address is this site's observer list with the token; copy puts it on the clipboard.
    const address = await row.getByTestId('link-address').getAttribute('data-full');
    assert.match(address, new RegExp(`^${pool.url}/observerMode/observerList\\?token=ob_[A-Za-z0-9_-]{43}$`));
    // The column shows the link itself, cut with an ellipsis to fit; whole on hover.
    const shown = row.getByTestId('link-address');
    assert.equal((await shown.textContent()).trim(), address);
    assert.ok(await shown.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis'), 'the link is cut to the column');
    await shown.hover();
    await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').getByText(address).waitFor();
    await row.getByTestId('link-copy').click();
    await page.getByText('Copied.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), address);
    const token = tokenOf(address);
    assert.equal(await code(token, '/api/pc/v1/pool/device/overview?coin=MINE'), 0);
    assert.equal(await code(token, '/api/pc/v1/earnings/summary'), 5);

    // A rig mines to the sub-account; in a fresh browser without a login, the link shows
    // its devices read-only, and no revenue.
    const rig = pool.sim({ worker: 'obsfarm.rig01' });
    await waitUntil(async () => (await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', { coin: 'MINE', page: 1, pageSize: 10 })).total === 1, {
      what: 'the rig as a device',
      timeout: 60_000,
    });
    const watcher = await browser.newContext(DESKTOP);
    contexts.push(watcher);
    await watcher.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    const obs = await watcher.newPage();
    await obs.goto(address);
    await obs.getByTestId('observer-entry').waitFor();
    assert.equal(new URL(obs.url()).searchParams.get('token'), null, 'the token leaves the address bar');
    assert.equal((await obs.getByTestId('observer-machine').textContent()).trim(), 'Shared');
    assert.equal((await obs.getByTestId('observer-income').textContent()).trim(), 'Not shared');
    assert.equal(await obs.getByTestId('observer-to-revenue').count(), 0);
    await obs.getByTestId('observer-to-devices').click();
    await obs.getByTestId('overview-cards').waitFor();
    assert.equal(await obs.getByTestId('pool-menu-orePoolRevenueSummary').count(), 0, 'no revenue entry without income info');
    assert.equal(await obs.getByTestId('pool-menu-orePoolAssetsOverview').count(), 0);
    await obs.getByTestId('pool-menu-orePoolAnlageuebersicht').click();
    await obs.getByTestId('device-name').filter({ hasText: 'obsfarm.rig01' }).waitFor();
    assert.equal(await obs.getByTestId('bind-switch').count(), 0, 'no binding through a link');
    assert.equal(await obs.getByTestId('device-link').count(), 0, 'no device page through a link');
    await shot(obs, 'observer-desktop-devices');
    await rig.stop();

    // Messages: an announcement published now is unread for the link, marked in its menu;
    // opening it reads it, and the marker goes.
    await announce('Maintenance tonight', 'The pool pauses **10 minutes** at 02:00 UTC.');
    await obs.reload();
    await waitUntil(async () => (await obs.getByTestId('message-badge').count()) === 1, { what: 'the unread marker', timeout: 70_000 });
    assert.equal((await obs.getByTestId('message-badge').textContent()).trim(), '1');
    await obs.getByTestId('pool-menu-infoList').click();
    const unreadRow = obs.getByTestId('message-row').filter({ hasText: 'Maintenance tonight' });
    assert.equal(await unreadRow.getAttribute('data-read'), 'false');
    await obs.getByTestId('message-unread-count').waitFor();
    await shot(obs, 'observer-desktop-messages');
    await unreadRow.click();
    await obs.getByTestId('message-detail').getByText('10 minutes').waitFor();
    await shot(obs, 'observer-desktop-message');
    await obs.getByTestId('message-back').click();
    await waitUntil(async () => (await obs.getByTestId('message-row').first().getAttribute('data-read')) === 'true', { what: 'the message read' });
    await waitUntil(async () => (await obs.getByTestId('message-badge').count()) === 0, { what: 'the marker gone' });

    // Opening it counts as a use, shown in the list.
    await page.reload();
    assert.doesNotMatch(await page.getByTestId('link-row-Host Li').getByTestId('link-use').textContent(), /Not opened yet/);

    // Edit: add income info; the same link (token) now opens revenue too.
    await page.getByTestId('link-row-Host Li').getByTestId('link-edit').click();
    await page.getByTestId('link-income').click();
    await page.getByTestId('link-save').click();
    await page.getByText('Observer link saved.').first().waitFor();
    await waitUntil(async () => (await page.getByTestId('link-row-Host Li').getByTestId('link-income-flag').textContent()).trim() === 'Yes', { what: 'income info on' });
    assert.equal(await code(token, '/api/pc/v1/earnings/summary'), 0);
    // The observer's menu now offers revenue.
    await obs.reload();
    await obs.getByTestId('pool-menu-orePoolRevenueSummary').click();
    await obs.getByTestId('pool-menu-orePoolRevenueChain').waitFor();

    // The same link again is refused with the SPEC message, and nothing is added.
    await page.getByTestId('link-add').click();
    await page.getByTestId('link-income').click();
    await page.getByTestId('link-note').fill('Host Li');
    await page.getByTestId('link-save').click();
    await page.getByTestId('form-error').getByText('Observer link already exists.').waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('[data-testid^="link-row-"]').count(), 1);

    // Regenerate: a new token; the old one answers code 5 at once.
    await page.getByTestId('link-row-Host Li').getByTestId('link-regenerate').click();
    await page.locator('.ant-popover', { hasText: 'Make a new link?' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('A new link was made. The old one no longer opens.').first().waitFor();
    await waitUntil(async () => (await page.getByTestId('link-row-Host Li').getByTestId('link-address').getAttribute('data-full')) !== address, { what: 'a new address' });
    const fresh = tokenOf(await page.getByTestId('link-row-Host Li').getByTestId('link-address').getAttribute('data-full'));
    assert.equal(await code(token, '/api/pc/v1/pool/device/overview?coin=MINE'), 5);
    assert.equal(await code(fresh, '/api/pc/v1/pool/device/overview?coin=MINE'), 0);

    // Delete, confirmed: the list is empty again and the token is dead.
    await page.getByTestId('link-row-Host Li').getByTestId('link-delete').click();
    await page.locator('.ant-popover', { hasText: 'Delete this observer link?' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('links-empty').waitFor();
    assert.equal(await code(fresh, '/api/observer/link/valid'), 5);
    // The observer's page meets code 5: the message, and the observer list says the link is gone.
    await obs.goto(`${pool.url}/observerMode/observerList?token=${fresh}`);
    await obs.getByTestId('observer-gone').waitFor();
    await obs.goto(`${pool.url}/observerMode/orePoolAnlageuebersicht`);
    await obs.waitForURL((u) => u.pathname === '/observerMode/observerList');

    // Back: the manager was the first page of this visit, so back goes to basic info.
    await page.getByTestId('links-back').click();
    await page.waitForURL((u) => u.pathname === '/basicsInfo');
  });

  it('phone: a link with machine info only shows devices and no revenue, then revenue after an edit, and code 5 once deleted; QR code; in Simplified Chinese', async () => {
    const user = await pool.account(`obs.phone.${Date.now()}@example.com`);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'obsphone', alias: 'Phone farm', defaultCoin: 'MINE' });
    const page = await newPage(PHONE, user, 'zh_CN');
    // Observer mode without a link leads a logged-in owner to their own links (issue 31).
    await page.goto(`${pool.url}/mobile/observerMode/observerList`);
    await page.getByTestId('observer-none').getByTestId('observer-owner').getByText('要让他人无需登录即可查看您的设备或收益').waitFor();
    await shot(page, 'observer-phone-owner-entry');
    await page.getByTestId('observer-own-links').getByText('我的观察者链接').click();
    await page.waitForURL((u) => u.pathname === '/mobile/observer');
    await page.getByTestId('links-empty').waitFor();
    await page.getByTestId('link-add').click();
    const dialog = page.getByTestId('link-dialog');
    await dialog.getByText('收益信息').waitFor();
    await dialog.getByText('obsphone').click(); // narrowed to the sub-account
    await page.getByTestId('link-note').locator('input').fill('合作方');
    await page.getByTestId('link-save').click();
    const card = page.getByTestId('link-row-合作方');
    await card.waitFor();
    assert.match(await card.getByTestId('link-machine-flag').textContent(), /是/);
    assert.match(await card.getByTestId('link-income-flag').textContent(), /否/);
    await card.getByText('子账户: obsphone').waitFor();
    // The coins as icons (the letter on a disc: the test coin has no icon), named on hover.
    assert.equal(await card.getByTestId('link-coin-MINE').getAttribute('title'), 'Minecoin');
    assert.equal((await card.getByTestId('link-qr').textContent()).trim(), '二维码');
    const address = await card.getByTestId('link-address').getAttribute('data-full');
    assert.match(address, new RegExp(`^${pool.url}/mobile/observerMode/observerList\\?token=ob_`));
    // Nothing wider than the screen.
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.viewport.width);
    await shot(page, 'observer-phone-list');
    await card.getByTestId('link-qr').click();
    await page.getByTestId('link-qr-code').waitFor();
    await shot(page, 'observer-phone-qr');
    await page.getByTestId('link-qr-dialog').getByRole('button').first().click();

    // A fresh phone opens the link: devices, and no revenue in the menu.
    const watcher = await browser.newContext(PHONE);
    contexts.push(watcher);
    await watcher.addInitScript(() => localStorage.setItem('lang', 'zh_CN'));
    const obs = await watcher.newPage();
    await obs.goto(address);
    await obs.getByTestId('observer-entry').waitFor();
    assert.equal((await obs.getByTestId('observer-income').textContent()).trim(), '未共享');
    await obs.getByTestId('observer-to-devices').click();
    await obs.getByTestId('overview-cards').waitFor();
    const menu = async () => {
      await obs.getByTestId('menu-toggle').click();
      await obs.getByTestId('mobile-menu').getByText('观察者模式', { exact: true }).click();
      await obs.getByTestId('mmenu-observerList').waitFor();
    };
    await menu();
    await obs.getByTestId('mmenu-observerDevices').waitFor();
    assert.equal(await obs.getByTestId('mmenu-observerRevenue').count(), 0, 'no revenue entry without income info');
    await shot(obs, 'observer-phone-menu');
    await obs.getByTestId('menu-toggle').click();

    // Messages entry with the red marker: a new announcement is unread for this link (the
    // desktop link read its own; read marks are per link). Mark all as read clears it.
    await announce('Kaspa is open', 'Kaspa mining opens today.');
    await obs.reload();
    await obs.getByTestId('overview-cards').waitFor();
    await menu();
    const entry = obs.getByTestId('mmenu-observerMessages');
    await waitUntil(async () => (await entry.locator('.adm-badge').count()) === 1, { what: 'the red marker', timeout: 70_000 });
    await shot(obs, 'observer-phone-marker');
    await entry.click();
    await obs.waitForURL((u) => u.pathname === '/mobile/observerMode/help/helplist' && u.searchParams.get('type') === 'infoList');
    const rows = obs.getByTestId('message-row');
    await rows.filter({ hasText: 'Kaspa is open' }).waitFor();
    assert.equal(await rows.filter({ hasText: 'Kaspa is open' }).getAttribute('data-read'), 'false');
    // The desktop's announcement came before this link existed: history, read.
    assert.equal(await rows.filter({ hasText: 'Maintenance tonight' }).getAttribute('data-read'), 'true');
    assert.equal(await obs.evaluate(() => document.documentElement.scrollWidth), PHONE.viewport.width);
    await shot(obs, 'observer-phone-messages');
    await obs.getByTestId('message-read-all').click();
    await obs.getByText('所有消息已标为已读。').first().waitFor();
    await waitUntil(async () => (await obs.getByTestId('message-row').filter({ hasText: 'Kaspa is open' }).getAttribute('data-read')) === 'true', { what: 'all read' });
    await rows.filter({ hasText: 'Kaspa is open' }).click();
    await obs.getByTestId('message-detail').getByText('Kaspa mining opens today.').waitFor();
    await shot(obs, 'observer-phone-message');

    // The owner adds income info: the observer's menu offers revenue.
    await card.getByTestId('link-edit').click();
    await page.getByTestId('link-income').click();
    await page.getByTestId('link-save').click();
    await waitUntil(async () => /是/.test(await card.getByTestId('link-income-flag').textContent()), { what: 'income info on' });
    await obs.goto(`${pool.url}/mobile/observerMode/orePoolDeviceOverview`);
    await obs.getByTestId('overview-cards').waitFor();
    await menu();
    await obs.getByTestId('mmenu-observerRevenue').click();
    await obs.waitForURL((u) => u.pathname === '/mobile/observerMode/orePoolRevenueSummary');

    // Deleted: the observer's next page meets code 5 and lands on the observer list.
    await card.getByTestId('link-delete').click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('links-empty').waitFor();
    await obs.goto(`${pool.url}/mobile/observerMode/orePoolDeviceOverview`);
    await obs.waitForURL((u) => u.pathname === '/mobile/observerMode/observerList');
    await obs.getByTestId('observer-gone').waitFor();
  });

  /** addLinks makes links through the API, each with its note. */
  const addLinks = async (user, notes) => {
    for (const note of notes) {
      await pool.api(user.token, 'POST', '/api/pc/v1/customer/observer/link/add', {
        currencyList: ['MINE'],
        subAccounts: [],
        machineInfoEnabled: true,
        incomeInfoEnabled: false,
        note,
        expiresIn: 0,
      });
    }
  };

  it('phone: twelve links a page at a time, page sizes, and back to basic info, in Simplified Chinese', async () => {
    const user = await pool.account(`obs.pages.${Date.now()}@example.com`);
    await addLinks(user, Array.from({ length: 12 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`));
    const page = await newPage(PHONE, user, 'zh_CN');
    // Reached from basic info, as a phone user does.
    await page.goto(`${pool.url}/mobile/basicsInfo`);
    await page.getByTestId('observer-link').click();
    await page.waitForURL((u) => u.pathname === '/mobile/observer');
    const cards = page.locator('[data-testid^="link-row-"]');
    await cards.first().waitFor();
    const notes = async () => cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid').slice('link-row-'.length)));
    const first = await notes();
    assert.equal(first.length, 10, 'a first page of 10');
    const pager = page.getByTestId('links-pager');
    await pager.getByText('1 / 2').waitFor();
    await pager.getByRole('button', { name: '下一页' }).click();
    await pager.getByText('2 / 2').waitFor();
    const second = await notes();
    assert.equal(second.length, 2);
    assert.deepEqual([...first, ...second].sort(), Array.from({ length: 12 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`));
    assert.equal(await pager.getByRole('button', { name: '下一页' }).isDisabled(), true);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.viewport.width);
    await shot(page, 'observer-phone-pages');
    // 20 a page: every link on one page, from the first.
    await pager.locator('select').selectOption('20');
    await pager.getByText('1 / 1').waitFor();
    assert.equal(await cards.count(), 12);

    // Back returns to basic info, where the phone came from.
    await page.getByTestId('links-back').click();
    await page.waitForURL((u) => u.pathname === '/mobile/basicsInfo');
    // Opened directly (the first page of a visit), back still lands on basic info, not off the site.
    await page.goto(`${pool.url}/mobile/observer`);
    await cards.first().waitFor();
    await page.getByTestId('links-back').click();
    await page.waitForURL((u) => u.pathname === '/mobile/basicsInfo');
  });

  it('a link of an account without sub-accounts: devices by sub-account says the link shares none, desktop and phone', async () => {
    const user = await pool.account(`obs.nosub.${Date.now()}@example.com`);
    await addLinks(user, ['nosub']);
    const [made] = await pool.api(user.token, 'GET', '/api/pc/v1/customer/observer/link/get');
    const open = async (options, lang, prefix) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const obs = await context.newPage();
      await obs.goto(`${pool.url}${prefix}${made.link}`);
      await obs.getByTestId('observer-entry').waitFor();
      await obs.goto(`${pool.url}${prefix}/observerMode/orePoolDeviceSubaccount`);
      return obs;
    };
    const desk = await open(DESKTOP, 'en_US', '');
    await desk.getByTestId('subs-empty').getByText('This link shares no sub-accounts yet.').waitFor();
    assert.doesNotMatch(await desk.locator('.ant-empty-description').textContent(), /No data/, "antd's generic empty text");
    await shot(desk, 'observer-desktop-no-subs');
    const phone = await open(PHONE, 'zh_CN', '/mobile');
    await phone.getByTestId('subs-empty').getByText('此链接尚未共享任何子账户').waitFor();
    await shot(phone, 'observer-phone-no-subs');
  });
});
