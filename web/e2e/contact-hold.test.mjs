// The 24-hour hold after a contact change (docs/withdrawals.md "After a contact change",
// issue 29 item 2), against the real binary: a rig earns on a devnet coin and the day
// settles on the test clock; then a phone is bound to the email account (with the
// email's code as the proof a bind now needs) and the email is told. The withdrawal
// dialog says until when withdrawals wait, with its submit off: on the desktop at
// 1440x900 in English and in the phone's sheet at 390x844 in Korean, the end in the
// reader's language and time zone. A withdrawal through the API is refused naming the
// end. Once the test clock passes the 24 hours the dialog takes a withdrawal again, and
// the settings form asks for the second verification and shows a locked address disabled.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiTicket, nextOutboxCode, outboxNotices, shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

describe('the hold after a contact change', { skip: skipReason(), timeout: 300_000 }, () => {
  let pool;
  let browser;
  let user;
  let outbox;
  let holdUntil = 0;
  const contexts = [];
  const email = 'holder@example.com';
  const phone = '13800138000';

  before(async () => {
    pool = await startPool({ testClock: true, mineFlags: ['--min-withdraw', '1000000', '--withdraw-fee', '100000'] });
    outbox = `${pool.dir}/outbox.log`;
    user = await pool.account(email);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'holder', alias: 'Holder', defaultCoin: 'MINE' });
    const rig = pool.sim({ worker: 'holder.rig01', coin: 'MINE' });
    await waitUntil(
      async () => (await pool.api(user.token, 'GET', '/api/pc/v1/earnings/summary', {})).some((c) => c.coin === 'MINE' && /[1-9]/.test(c.settling)),
      { timeout: 120_000, interval: 1000, what: 'settling earnings' },
    );
    await rig.stop();
    // Two days later the day is settled: a balance to withdraw.
    await pool.advanceClock(49 * 3600);
    await waitUntil(
      async () => (await pool.api(user.token, 'GET', '/api/pc/v1/assets/overview', { subAccount: 'holder' })).some((a) => a.coin === 'MINE' && /[1-9]/.test(a.available)),
      { timeout: 120_000, interval: 1000, what: 'a settled balance' },
    );

    // Bind a phone: the email's bindPhone code proves the holder asks; then the phone's own code.
    await pool.advanceClock(61); // the register code went to the email less than 60 s ago
    const send = async (path, query) => pool.api(user.token, 'GET', path, { ...query, ticket: await apiTicket(pool.url) });
    const proof = await nextOutboxCode(outbox, email, () => send('/api/pc/v1/customer/email/code/send', { email, scenes: 'bindPhone' }));
    const code = await nextOutboxCode(outbox, phone, () => send('/api/pc/v1/customer/sms/code/send', { phone, scenes: 'bindPhone' }));
    await pool.api(user.token, 'POST', '/api/pc/v1/customer/phone/bind', { phone, code, currentCode: proof });
    await waitUntil(async () => (await outboxNotices(outbox)).some((n) => n.to === email && n.kind === 'contactChanged'), { what: 'the notice to the email' });
    const info = await pool.api(user.token, 'GET', '/api/pc/v1/customer/withdraw/info', { subAccount: 'holder', currencyType: 'MINE' });
    holdUntil = info.holdUntil;
    assert.ok(holdUntil > 0, 'info names the end of the hold');
    user.user = { ...user.user, phone };
    browser = await launchBrowser();
  });

  after(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await pool?.stop();
  });

  const open = async (device, lang) => {
    const context = await browser.newContext({ ...device, timezoneId: 'Asia/Tokyo' });
    contexts.push(context);
    await loggedIn(context, user, lang);
    const page = await context.newPage();
    page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
    return page;
  };

  /** shown is the end of the hold as the browser writes it in locale: its ICU, the context's Tokyo time. */
  const shown = (page, locale) =>
    page.evaluate(
      ([ms, loc]) => new Date(ms).toLocaleString(loc, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      [holdUntil, locale],
    );

  it('desktop, English: the dialog says until when withdrawals wait and cannot submit; the API refuses naming the end', async () => {
    const page = await open(DESKTOP, 'en_US');
    await page.goto(`${pool.url}/account/orePoolAssetsOverview?sub=holder&coin=MINE`);
    await page.getByTestId('withdraw-MINE').click();
    const hold = page.getByTestId('withdraw-hold');
    const until = await shown(page, 'en-US');
    assert.match(until, /^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);
    await hold.getByText(`Withdrawals are paused until ${until}: the phone or email of your account changed in the last 24 hours.`).waitFor();
    assert.equal(await page.getByTestId('dialog-submit').isDisabled(), true);
    await shot(page, 'contact-hold-desktop');
    // The server's refusal, whatever the client does: in the caller's time zone.
    const res = await fetch(`${pool.url}/api/pc/v1/customer/withdraw/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': user.token, language: 'en_US', timezone: 'Asia/Tokyo' },
      body: JSON.stringify({ subAccount: 'holder', currencyType: 'MINE', amount: '0.01', addressId: 1, network: 'MINE', verifyType: 'phone', code: '123456' }),
    });
    const env = await res.json();
    assert.equal(env.code, 3);
    assert.match(env.msg, /paused for 24 hours after a phone or email change on your account: possible again from \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\+09:00\)\./);
    assert.deepEqual(env.data, { holdUntil });
  });

  it('phone, Korean: the sheet says until when withdrawals wait and cannot submit', async () => {
    const page = await open(PHONE, 'ko_KR');
    await page.goto(`${pool.url}/mobile/account/assetsOverview?sub=holder&coin=MINE`);
    await page.getByTestId('withdraw-MINE').click();
    await page.getByTestId('withdraw-hold').getByText(`${await shown(page, 'ko-KR')}까지 출금이 중지됩니다.`).waitFor();
    assert.equal(await page.getByTestId('dialog-submit').isDisabled(), true);
    await shot(page, 'contact-hold-phone');
  });

  it('after the 24 hours the dialog takes a withdrawal again', async () => {
    await pool.advanceClock(24 * 3600);
    const page = await open(DESKTOP, 'en_US');
    await page.goto(`${pool.url}/account/orePoolAssetsOverview?sub=holder&coin=MINE`);
    await page.getByTestId('withdraw-MINE').click();
    await page.getByTestId('withdraw-amount').waitFor();
    assert.equal(await page.getByTestId('withdraw-hold').count(), 0);
    assert.equal(await page.getByTestId('dialog-submit').isDisabled(), false);
    const info = await pool.api(user.token, 'GET', '/api/pc/v1/customer/withdraw/info', { subAccount: 'holder', currencyType: 'MINE' });
    assert.equal(info.holdUntil, 0);
  });

  it('desktop: an auto-withdrawal setting asks for the second verification and shows an address in its 48 hours disabled', async () => {
    // An address, past the hold: it waits its own 48 hours.
    const { createHash } = await import('node:crypto');
    const key = Buffer.alloc(20, 0xcd);
    const address = `dvn1${key.toString('hex')}${createHash('sha256').update(key).digest('hex').slice(0, 4)}`;
    await pool.advanceClock(61);
    const ticket = await apiTicket(pool.url);
    const code = await nextOutboxCode(outbox, email, () =>
      pool.api(user.token, 'GET', '/api/pc/v1/customer/email/code/send', { email, scenes: 'addressBook', ticket }),
    );
    await pool.api(user.token, 'POST', '/api/pc/v1/customer/address/save', { currencyType: 'MINE', address, network: 'MINE', description: 'fresh', verifyType: 'email', code });
    const page = await open(DESKTOP, 'en_US');
    await page.goto(`${pool.url}/account/orePoolWithdrawlSetList?sub=holder&coin=MINE`);
    await page.getByTestId('settings-table').waitFor();
    if (await page.getByTestId('settings-locked').count()) return; // 00:00-12:00 Beijing on the server's clock: no form
    await page.getByTestId('setting-edit-MINE').click();
    await page.getByTestId('setting-switch').click();
    await page.getByTestId('verify-code').waitFor();
    await page.getByText('Turning on or changing an auto-withdrawal takes the same verification as a withdrawal.').waitFor();
    await page.getByTestId('setting-address').click();
    const option = page.locator('.ant-select-item-option', { hasText: 'fresh (usable in 48 h)' });
    await option.waitFor();
    assert.match(await option.getAttribute('class'), /ant-select-item-option-disabled/);
    await shot(page, 'contact-hold-settings-desktop');
  });
});
