// Two-factor sign-in (TOTP, RFC 6238) against the real binary. The test is the authenticator
// app: it reads the key off the set-up dialog and computes the codes with node:crypto.
// Desktop in English: turn it on (QR code, key, first code), the ten recovery codes (copy,
// download, "I have saved them"), the address book asking for the code, log out, log in by
// password -> the code step -> a wrong code refused -> the right code; a login with a
// recovery code; new recovery codes; turn it off with the password and a code. The phone in
// Simplified Chinese: turn it on and log in with a code.
//
// A code works once per 30-second step (the server refuses reuse) and the server counts 5
// tries per user in 15 minutes: the test clock moves the server on instead of waiting.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { dragSlider, shot, sleep, tickTerms } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser, storageItem, waitForPath } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

/** base32Decode reads an RFC 4648 base32 key (no padding), as authenticator apps do. */
function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out = [];
  for (const c of text.replace(/[\s=]/g, '').toUpperCase()) {
    const i = alphabet.indexOf(c);
    if (i < 0) throw new Error(`not base32: ${c}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** hotp is RFC 4226's code of key at counter: HMAC-SHA1, dynamic truncation, 6 digits. */
function hotp(key, counter) {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const off = mac[mac.length - 1] & 0x0f;
  const bin = mac.readUInt32BE(off) & 0x7fffffff;
  return String(bin % 1_000_000).padStart(6, '0');
}

/** totp is RFC 6238's code of a base32 secret at ms (30-second steps). */
const stepOf = (ms) => Math.floor(ms / 30_000);
const totp = (secret, ms) => hotp(base32Decode(secret), stepOf(ms));

// RFC 6238 appendix B, SHA-1, 6 digits: the test's own app must be right first.
assert.equal(hotp(Buffer.from('12345678901234567890'), stepOf(59_000)), '287082');
assert.equal(hotp(Buffer.from('12345678901234567890'), stepOf(1_111_111_109_000)), '081804');

const RECOVERY = /^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/;

describe('two-factor sign-in', { skip: skipReason(), timeout: 300_000 }, () => {
  let pool;
  let browser;
  const contexts = [];
  // The server's test clock runs ahead of this process's by offset.
  let offset = 0;
  const serverNow = () => Date.now() + offset;
  const advance = async (seconds) => {
    const now = await pool.advanceClock(seconds);
    offset = now.getTime() - Date.now();
  };
  /**
   * nextCode moves the server into a step no code was used in yet and gives the app's code.
   * Two steps on, not one: the server takes a code of the step before or after its own (clock
   * drift), so a code made at a step's end may have used up the next step already.
   */
  const nextCode = async (secret) => {
    await advance(60);
    return totp(secret, serverNow());
  };
  /** signedIn waits for the login's success toast, or fails at once with the refusal shown instead. */
  const signedIn = async (page, success) => {
    const refused = page.getByTestId('two-factor-error');
    await page.getByText(success).or(refused).first().waitFor();
    if (await refused.isVisible()) assert.fail(`the code was refused: ${await refused.textContent()}`);
  };
  /** wrongCode is a code of none of the steps the server accepts now. */
  const wrongCode = (secret) => {
    const near = [-30_000, 0, 30_000].map((d) => totp(secret, serverNow() + d));
    return ['000000', '111111', '222222'].find((c) => !near.includes(c));
  };

  /** input gives a field's <input>: antd puts the test id on it, antd-mobile on its wrapper. */
  const input = async (page, testId) => {
    const el = page.getByTestId(testId);
    await el.waitFor();
    return (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input');
  };

  const newPage = async (device, user, lang) => {
    const context = await browser.newContext({ ...device, acceptDownloads: true });
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
    await loggedIn(context, user, lang);
    const page = await context.newPage();
    page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
    return page;
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool({ testClock: true }), launchBrowser()]);
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  it('desktop: turn on, log in with the code or a recovery code, new codes, turn off, in English', async () => {
    const user = await pool.account(`totp.desk.${Date.now()}@example.com`);
    const page = await newPage(DESKTOP, user, 'en_US');
    await page.goto(`${pool.url}/basicsInfo`);
    const row = page.getByTestId('two-factor-row');
    await row.getByTestId('two-factor-state').filter({ hasText: 'Off' }).waitFor();
    await shot(page, 'two-factor-desktop-off');

    // Turn on: the QR code and the key as text; the test scans by reading the key.
    await row.getByTestId('two-factor-on').click();
    await waitForPath(page, '/basicsInfo?dialog=twoFactorOn');
    const enrol = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const keyText = enrol.getByTestId('two-factor-secret');
    await keyText.waitFor();
    const secret = await keyText.getAttribute('data-secret');
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.equal((await keyText.textContent()).replace(/ /g, ''), secret, 'the key is shown in groups');
    await enrol.getByTestId('two-factor-qr').waitFor();
    await enrol.getByTestId('two-factor-copy-key').click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
    await shot(page, 'two-factor-desktop-enrol');
    await (await input(enrol, 'two-factor-enrol-code')).fill(totp(secret, serverNow()));
    await enrol.getByTestId('dialog-submit').click();

    // The ten recovery codes, once: copy all, download, and no closing before "saved".
    await page.getByText('Two-factor sign-in is on. Keep your recovery codes somewhere safe.').waitFor();
    const codeCells = enrol.getByTestId('recovery-code');
    await codeCells.first().waitFor();
    const codes = await codeCells.allTextContents();
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);
    for (const c of codes) assert.match(c, RECOVERY);
    assert.equal(await enrol.getByRole('button', { name: 'Close' }).count(), 0, 'no close button while the codes show');
    await page.keyboard.press('Escape');
    assert.equal(await enrol.isVisible(), true, 'Escape does not close it either');
    assert.equal(await enrol.getByTestId('recovery-done').isDisabled(), true);
    await enrol.getByTestId('recovery-copy').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const c of codes) assert.ok(copied.includes(c), `copied text has ${c}`);
    const [download] = await Promise.all([page.waitForEvent('download'), enrol.getByTestId('recovery-download').click()]);
    assert.match(download.suggestedFilename(), /^uniplus-pool-recovery-codes-\d{4}-\d{2}-\d{2}\.txt$/);
    const file = await readFile(await download.path(), 'utf8');
    assert.deepEqual(file.split('\n').filter((l) => RECOVERY.test(l)), codes);
    await shot(page, 'two-factor-desktop-codes');
    await enrol.getByTestId('recovery-saved').click();
    await enrol.getByTestId('recovery-done').click();
    await waitForPath(page, '/basicsInfo');
    await row.getByTestId('two-factor-state').filter({ hasText: 'On' }).waitFor();
    assert.equal((await row.getByTestId('two-factor-summary').textContent()).trim(), 'Recovery codes left: 10');
    await shot(page, 'two-factor-desktop-on');

    // The address book now asks for the authenticator code too.
    await page.goto(`${pool.url}/account/orePoolAddressManage`);
    await page.getByTestId('address-add').click();
    const addForm = page.getByRole('dialog');
    await addForm.getByTestId('verify-totp').waitFor();
    await addForm.getByText('Authenticator code', { exact: true }).waitFor();
    await shot(page, 'two-factor-desktop-address-book');
    await addForm.getByRole('button', { name: 'Cancel' }).click();

    const logOut = async () => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await waitForPath(page, '/login');
      await page.getByText('You have logged out.').waitFor();
    };
    const passwordStep = async () => {
      await page.locator('#login_account').fill(user.email);
      await page.locator('#login_password').fill(user.password);
      await tickTerms(page);
      await page.getByTestId('submit').click();
      await dragSlider(page);
      await page.getByTestId('two-factor-step').waitFor();
      assert.equal(await storageItem(page, 'token'), null, 'no session before the second factor');
    };

    // Log in by password: the code step; a wrong code is refused with the server's message.
    await logOut();
    await passwordStep();
    await page.getByText('One more step: enter the 6-digit code your authenticator app shows for this account.').waitFor();
    assert.equal(await page.getByTestId('two-factor-submit').isDisabled(), true);
    await (await input(page, 'two-factor-code')).fill(wrongCode(secret));
    await page.getByTestId('two-factor-submit').click();
    await page
      .getByTestId('two-factor-error')
      .filter({ hasText: 'The code is wrong or was already used. Enter the code your authenticator app shows now, or an unused recovery code.' })
      .waitFor();
    await shot(page, 'two-factor-desktop-login-wrong');
    // Clicks closer than 300 ms count once (SPEC section 5); a person types the next code.
    await sleep(400);
    await (await input(page, 'two-factor-code')).fill(await nextCode(secret));
    await page.getByTestId('two-factor-submit').click();
    await signedIn(page, 'Login successful.');
    await waitForPath(page, '/');
    assert.ok(await storageItem(page, 'token'));

    // A recovery code instead of the app, once.
    await logOut();
    await passwordStep();
    await page.getByTestId('two-factor-switch').filter({ hasText: 'Use a recovery code' }).click();
    await page.getByText('Enter one of your recovery codes. Each code works once.').waitFor();
    await (await input(page, 'two-factor-code')).fill(codes[0].toUpperCase());
    await shot(page, 'two-factor-desktop-login-recovery');
    await page.getByTestId('two-factor-submit').click();
    await signedIn(page, 'Login successful.');
    await waitForPath(page, '/');
    // (In the app: a new page load would bring back the token the context started with.)
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Basic info' }).click();
    await waitForPath(page, '/basicsInfo');
    await row.getByTestId('two-factor-summary').filter({ hasText: 'Recovery codes left: 9' }).waitFor();

    // Five codes tried in this quarter hour, the user's limit: the next quarter hour allows more.
    await advance(15 * 60 + 1);

    // New recovery codes: a code, then ten new ones shown once.
    await row.getByTestId('two-factor-renew').click();
    const renew = page.getByRole('dialog', { name: 'New recovery codes' });
    await (await input(renew, 'two-factor-renew-code')).fill(await nextCode(secret));
    await renew.getByTestId('dialog-submit').click();
    await renew.getByTestId('recovery-code').first().waitFor();
    const renewed = await renew.getByTestId('recovery-code').allTextContents();
    assert.equal(renewed.length, 10);
    assert.ok(!renewed.includes(codes[1]), 'new codes');
    await renew.getByTestId('recovery-saved').click();
    await renew.getByTestId('recovery-done').click();
    await waitForPath(page, '/basicsInfo');
    await row.getByTestId('two-factor-summary').filter({ hasText: 'Recovery codes left: 10' }).waitFor();

    // Turn off with the password and a code.
    await row.getByTestId('two-factor-off').click();
    const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await (await input(off, 'two-factor-password')).fill(user.password);
    await (await input(off, 'two-factor-disable-code')).fill(await nextCode(secret));
    await shot(page, 'two-factor-desktop-disable');
    await off.getByTestId('dialog-submit').click();
    await page.getByText('Two-factor sign-in is off.').waitFor();
    await row.getByTestId('two-factor-state').filter({ hasText: 'Off' }).waitFor();
    const status = await pool.api(await storageItem(page, 'token'), 'GET', '/api/pc/v1/customer/2fa/status');
    assert.deepEqual(status, { enabled: false, recoveryCodesLeft: 0 });
  });

  it('phone: turn on and log in with a code, in Simplified Chinese', async () => {
    const user = await pool.account(`totp.phone.${Date.now()}@example.com`);
    const page = await newPage(PHONE, user, 'zh_CN');
    await page.goto(`${pool.url}/mobile/basicsInfo`);
    const row = page.getByTestId('two-factor-row');
    await row.getByTestId('two-factor-state').filter({ hasText: '未开启' }).waitFor();
    await shot(page, 'two-factor-phone-off');

    await row.click();
    const enrol = page.getByRole('dialog', { name: '开启两步验证登录' });
    const keyText = enrol.getByTestId('two-factor-secret');
    await keyText.waitFor();
    const secret = await keyText.getAttribute('data-secret');
    assert.match(secret, /^[A-Z2-7]{32}$/);
    // A phone cannot scan its own screen: the otpauth link opens the app.
    assert.match(await enrol.getByTestId('two-factor-open-app').getAttribute('href'), /^otpauth:\/\/totp\/.+secret=/);
    await enrol.getByText('在身份验证器应用中打开').waitFor();
    await shot(page, 'two-factor-phone-enrol');
    await (await input(enrol, 'two-factor-enrol-code')).fill(totp(secret, serverNow()));
    await enrol.getByTestId('dialog-submit').click();
    await enrol.getByTestId('recovery-code').first().waitFor();
    assert.equal(await enrol.getByTestId('recovery-code').count(), 10);
    await enrol.getByText('我已保存这些恢复码').waitFor();
    assert.equal(await enrol.getByRole('button', { name: '关闭' }).count(), 0, 'no close button while the codes show');
    await shot(page, 'two-factor-phone-codes');
    await enrol.getByTestId('recovery-saved').click();
    await enrol.getByTestId('recovery-done').click();
    await row.getByTestId('two-factor-state').filter({ hasText: '已开启' }).waitFor();
    await page.getByTestId('two-factor-summary').filter({ hasText: '剩余恢复码：10 个' }).waitFor();
    await page.getByTestId('two-factor-off').waitFor();
    await shot(page, 'two-factor-phone-on');

    // Log out, then log in by password and the code from the app.
    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await page.getByRole('button', { name: '确定' }).click();
    await waitForPath(page, '/mobile/login');
    await page.locator('#mlogin_account').fill(user.email);
    await page.locator('#mlogin_password').fill(user.password);
    await tickTerms(page);
    await page.getByTestId('submit').click();
    await page.getByRole('dialog', { name: '安全验证' }).waitFor();
    await dragSlider(page);
    await page.getByTestId('two-factor-step').getByText('两步验证登录').waitFor();
    await page.getByRole('dialog', { name: '安全验证' }).waitFor({ state: 'hidden' });
    assert.equal(await storageItem(page, 'token'), null);
    await (await input(page, 'two-factor-code')).fill(await nextCode(secret));
    await shot(page, 'two-factor-phone-login');
    await page.getByTestId('two-factor-submit').click();
    await signedIn(page, '登录成功。');
    await waitForPath(page, '/mobile');
    assert.ok(await storageItem(page, 'token'));
  });
});
