// Offline and hashrate alerts (docs/alerts.md), against the real binary: the owner opens a
// sub-account's alert settings from its detail page, is told what is wrong beside the
// field before anything is sent (and nothing is saved), saves, and sees a stopped
// simulated rig's offline alert in the page's list and in the mail outbox. The pool runs
// with --alert-min-offline 1m and --alert-every 10s so a stopped rig is an alert within
// two minutes. Another user's sub-account is refused. Desktop in English, phone in
// Simplified Chinese.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { shot, sleep, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser, waitForPath } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

const setting = '/api/pc/v1/pool/alert/setting';

/** input is a form field's own input: antd puts a test id on the input, antd-mobile on a wrapper. */
async function input(page, testId) {
  const el = page.getByTestId(testId);
  return (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input');
}

describe('alerts: settings and a stopped rig', { skip: skipReason(), timeout: 600_000 }, () => {
  let pool;
  let browser;
  const contexts = [];

  const newPage = async (options, user, lang) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await loggedIn(context, user, lang);
    return context.newPage();
  };

  /** raw calls the API and gives the whole envelope, refusals included. */
  const raw = async (token, method, pathname, body, lang = 'en_US') => {
    const url = new URL(pathname, pool.url);
    const init = { method, headers: { 'content-type': 'application/json', language: lang } };
    if (token) init.headers['x-token'] = token;
    if (body && method === 'GET') for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v));
    else if (body) init.body = JSON.stringify(body);
    const res = await fetch(url, init);
    return { status: res.status, ...(await res.json()) };
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool({ args: ['--alert-min-offline', '1m', '--alert-every', '10s'] }), launchBrowser()]);
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  it('desktop: validation, save, and a stopped rig told in the page and by mail, in English', async () => {
    const user = await pool.account(`alerts.${Date.now()}@example.com`);
    const sub = await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'deskalert', alias: 'Alerts', defaultCoin: 'MINE' });
    const page = await newPage(DESKTOP, user, 'en_US');
    await page.goto(`${pool.url}/account/orePoolSubAccountDetail?code=deskalert`);
    await page.getByTestId('to-alerts').click();
    await waitForPath(page, '/account/orePoolAlertSet?sub=deskalert');
    await page.getByTestId('alert-form').waitFor();
    await page.getByTestId('alert-empty').waitFor(); // no alert yet: the empty state says what comes here
    assert.match(await page.getByText(/after 1 min without an accepted share/).textContent(), /five times its usual time/);
    // The phone is not bound: SMS cannot be chosen, and the page says how to bind one.
    assert.equal(await page.getByTestId('alert-sms').isDisabled(), true);
    await page.getByText('No phone number is bound to your account.').waitFor();
    await shot(page, 'alerts-desktop-start');

    // Refused in the page, beside the field, before anything is sent.
    await page.getByTestId('alert-offline').click();
    await page.getByTestId('alert-hashrate').click();
    await (await input(page, 'alert-percent')).fill('5');
    await page.getByTestId('alert-email').click(); // untick the bound email
    await page.getByTestId('alert-save').click();
    await page.getByText('Enter a whole number from 10 to 95.').waitFor();
    await page.getByText('Choose email, SMS or both, or turn the alerts off.').waitFor();
    await shot(page, 'alerts-desktop-invalid');
    const unsaved = await pool.api(user.token, 'GET', setting, { code: 'deskalert' });
    assert.equal(unsaved.offlineEnabled, false);
    assert.equal(unsaved.updatedAt, 0);

    // The server refuses what the page would let through only by a crafted call: said in
    // the request's language, and nothing changes.
    const bad = await raw(user.token, 'POST', setting, { code: 'deskalert', offlineEnabled: true, hashrateEnabled: false, hashratePercent: 70, byEmail: false, bySms: true, digest: false, digestHour: 8 }, 'zh_CN');
    assert.equal(bad.code, 3);
    assert.equal(bad.msg, '请先为账户绑定手机号，再选择短信告警。');
    assert.equal((await pool.api(user.token, 'GET', setting, { code: 'deskalert' })).updatedAt, 0);

    // Fixed and saved.
    await (await input(page, 'alert-percent')).fill('60');
    await page.getByTestId('alert-email').click();
    await page.getByTestId('alert-save').click();
    await page.getByText('Alert settings saved.').first().waitFor();
    const saved = await pool.api(user.token, 'GET', setting, { code: 'deskalert' });
    assert.deepEqual(
      [saved.offlineEnabled, saved.hashrateEnabled, saved.hashratePercent, saved.byEmail, saved.bySms, saved.digest],
      [true, true, 60, true, false, false],
    );
    await page.reload();
    assert.equal(await (await input(page, 'alert-percent')).inputValue(), '60');

    // Another user cannot read or change these settings.
    const stranger = await pool.account(`stranger.${Date.now()}@example.com`);
    const off = { code: 'deskalert', offlineEnabled: false, hashrateEnabled: false, hashratePercent: 70, byEmail: true, bySms: false, digest: false, digestHour: 8 };
    for (const [method, body] of [['GET', { code: 'deskalert' }], ['POST', off]]) {
      const got = await raw(stranger.token, method, setting, body);
      assert.equal(got.code, 3, `${method}: ${JSON.stringify(got)}`);
      assert.equal(got.status, 404);
      assert.equal(got.msg, 'There is no such sub-account.');
    }
    assert.equal((await pool.api(user.token, 'GET', setting, { code: 'deskalert' })).offlineEnabled, true);

    // A rig mines, then stops: its offline alert comes about a minute later.
    const rig = pool.sim({ worker: 'deskalert.rig01', uniplusId: sub.uniplusId, coin: 'MINE' });
    await waitUntil(async () => (await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', { subAccount: 'deskalert' })).total === 1, {
      what: 'the rig',
      timeout: 150_000,
      interval: 1_000,
    });
    // The alert job must see it alive, and its expected share interval (from its accepted
    // shares over the whole minutes it mined) must settle: a rig of 25 s has a few shares
    // over one or two minutes, an interval of 20-40 s and so a threshold of several
    // minutes. A minute and more of shares every 5 s gives the 1-minute minimum.
    await sleep(75_000);
    await rig.stop();
    await waitUntil(
      async () => {
        await page.reload();
        await page.getByTestId('alert-table').waitFor(); // loaded: rows or the empty state
        return (await page.getByTestId('alert-table').getByText('deskalert.rig01').count()) > 0;
      },
      { what: 'the offline alert in the list', timeout: 240_000, interval: 5_000 },
    );
    const row = page.getByTestId('alert-table').locator('tr', { hasText: 'deskalert.rig01' }).first();
    assert.match(await row.textContent(), /Stopped.*No accepted share since .*alerted after \d+ min/);
    await shot(page, 'alerts-desktop-alert');
    // The mail, in the outbox of a pool without SMTP.
    const outbox = `${pool.dir}/outbox.log`;
    const mail = await waitUntil(
      async () => {
        const text = await readFile(outbox, 'utf8').catch(() => '');
        const block = text.split(/^=== /m).find((b) => b.includes(`-> ${user.email} (en_US, alert deskalert)`));
        return block ?? null;
      },
      { what: 'the alert mail', timeout: 30_000 },
    );
    assert.match(mail, /Subject: Uniplus Pool alert: deskalert: 1 offline/);
    assert.match(mail, /deskalert\.rig01 \(MINE\) is offline: no accepted share since/);
    await waitUntil(
      async () => {
        await page.reload();
        await page.getByTestId('alert-table').waitFor();
        return (await row.textContent()).includes('Sent');
      },
      { what: 'the alert marked sent', timeout: 30_000, interval: 2_000 },
    );
  });

  it('phone: settings and the digest, in Simplified Chinese', async () => {
    const user = await pool.account(`alerts.phone.${Date.now()}@example.com`);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'phonealert', alias: 'Phone', defaultCoin: 'MINE' });
    const page = await newPage(PHONE, user, 'zh_CN');
    await page.goto(`${pool.url}/mobile/account/orePoolSubAccountDetail?code=phonealert`);
    await page.getByTestId('to-alerts').click();
    await waitForPath(page, '/mobile/account/orePoolAlertSet?sub=phonealert');
    await page.getByTestId('alert-form').waitFor();
    await page.getByTestId('alert-empty').waitFor();
    await page.getByText('最近 30 天没有告警。').waitFor();
    await shot(page, 'alerts-phone-start');

    await page.getByTestId('alert-offline').click();
    await page.getByTestId('alert-hashrate').click();
    await (await input(page, 'alert-percent')).fill('5');
    await page.locator('[data-testid="alert-email"]').click();
    await page.getByTestId('alert-save').click();
    await page.getByTestId('alert-percent-error').getByText('请输入 10 到 95 之间的整数。').waitFor();
    await page.getByTestId('alert-channel-error').getByText('请选择邮件、短信或两者，或关闭告警。').waitFor();
    await shot(page, 'alerts-phone-invalid');
    assert.equal((await pool.api(user.token, 'GET', setting, { code: 'phonealert' })).updatedAt, 0);

    await (await input(page, 'alert-percent')).fill('75');
    await page.locator('[data-testid="alert-email"]').click();
    await page.getByTestId('alert-when').getByText('每日汇总一次').click();
    await page.getByTestId('alert-hour').getByText('20:00').click();
    await page.getByTestId('alert-save').click();
    await page.getByText('告警设置已保存。').first().waitFor();
    const saved = await pool.api(user.token, 'GET', setting, { code: 'phonealert' });
    assert.deepEqual(
      [saved.offlineEnabled, saved.hashrateEnabled, saved.hashratePercent, saved.byEmail, saved.digest, saved.digestHour],
      [true, true, 75, true, true, 20],
    );
    assert.ok(saved.timezone, 'the digest hour is in the browser time zone');
    await shot(page, 'alerts-phone-saved');
  });
});
