// Accounts at desktop size, end to end against the real binary: sign up with an email code
// read from a real SMTP sink (one slider for the whole sign-up, landing logged in), the login
// page from the register form's "Log in" link and a login by password, change the password, bind a phone (the
// password first, then the phone's code from the console outbox), change the account type and nickname, log out, log in by code,
// cancel the account. The slider is dragged with real mouse moves.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dragSlider, goMissing, nextOutboxCode, shot, startSmtpSink, tickTerms, waitUntil } from './accounts.mjs';
import { DESKTOP, launchBrowser, pathOf, storageItem, waitForPath } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

const EMAIL = `miner.${Date.now()}@example.com`;
const PHONE = '13912345678';
const NEW_PHONE = '13787654321';
const PASSWORD = 'Passw0rd!';
const NEW_PASSWORD = 'N3wPassw0rd';
/** RESEND_S is the server's wait between two codes to one address (docs/accounts.md). */
const RESEND_S = 60;

describe('accounts on the desktop', { skip: skipReason() || goMissing(), timeout: 300_000 }, () => {
  let sink;
  let server;
  let browser;
  let context;
  let page;
  let outbox;
  const calls = [];
  const workers = [];

  before(async () => {
    [sink, browser] = await Promise.all([startSmtpSink(), launchBrowser()]);
    server = await startPoold({
      // The test clock lets the tests pass the server's 60 s between two codes at once.
      testClock: true,
      // Email through the SMTP sink; no SMS gateway, so phone codes go to the console outbox.
      args: ({ dir }) => ['--smtp', sink.smtp, '--smtp-tls', 'none', '--outbox', path.join(dir, 'outbox.log')],
    });
    outbox = path.join(server.dir, 'outbox.log');
    // The viewer is in Tokyo: the registration date must show in that time zone.
    context = await browser.newContext({ ...DESKTOP, timezoneId: 'Asia/Tokyo' });
    page = await context.newPage();
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push({ method: r.method(), url: r.url(), headers: r.headers(), body: r.postData() });
    });
    page.on('worker', (w) => workers.push(w.url()));
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await sink?.stop();
  });

  const called = (method, part) => calls.filter((c) => c.method === method && c.url.includes(part));

  it('signs up with email with one slider (for the code) and lands logged in at home, the terms asked once', async () => {
    await page.goto(server.url + '/register');
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.locator('#register_nickName').fill('miner_one');
    await page.locator('#register_email').fill(EMAIL);
    const code = await sink.nextCode(EMAIL, async () => {
      await page.getByTestId('code-button').click();
      await page.getByRole('dialog', { name: 'Security check' }).waitFor();
      await dragSlider(page);
    });
    const [check] = called('POST', '/captcha/check');
    const { track, nonce } = JSON.parse(check.body);
    assert.ok(track.length >= 5, 'a real drag has many points');
    assert.ok(track.every((p) => p.length === 3), 'points are [x, y, ms]');
    assert.equal(track.at(-1)[0], 300, 'the drag ends at the server width');
    assert.ok(track.at(-1)[2] >= 300, 'and took more than 300 ms');
    assert.match(nonce, /^\d+$/, 'with the proof of work solved');
    assert.ok(workers.some((u) => /\/assets\/pow\.worker-[\w-]+\.js$/.test(u)), `solved in a Web Worker (workers: ${workers})`);
    assert.match(called('GET', '/common/customer/email/send')[0].url, /scenes=register&ticket=/);
    // The countdown blocks a second send.
    await page.getByTestId('code-button').filter({ hasText: /Resend in \d+ s/ }).waitFor();
    assert.equal(await page.getByTestId('code-button').isDisabled(), true);
    // The form goes on showing the slider passed: nothing offers it again.
    await page.getByRole('dialog', { name: 'Security check' }).waitFor({ state: 'hidden' });
    await page.getByTestId('verify-row').getByRole('status').filter({ hasText: 'Verified' }).waitFor();
    assert.equal(await page.getByTestId('verify-button').count(), 0, 'no "Click to verify" after the pass');

    await page.locator('#register_code').fill(code);
    await page.locator('#register_password').fill(PASSWORD);
    await page.locator('#register_repeat').fill(PASSWORD);
    // Every field filled: the button is on; pressed before the terms are ticked, it warns.
    await page.getByTestId('submit').click();
    await page.getByText('Please read and agree to the terms first.').waitFor();
    assert.deepEqual(called('POST', '/register/email'), [], 'nothing sent without the terms');
    await tickTerms(page);
    await shot(page, 'desktop-register-filled');
    await page.getByTestId('submit').click();
    // Straight home, logged in: no login form, no second slider, no second terms box.
    await waitForPath(page, '/');
    await page.getByText('Registration successful. You are logged in.').waitFor();
    await page.getByTestId('user-menu').filter({ hasText: 'miner_one' }).waitFor();
    // The home page itself, not the register page still shown while home's code loads
    // (a loaded machine took long enough that the register form was still there).
    await page.getByTestId('home-page').waitFor();
    const [reg] = called('POST', '/register/email');
    assert.deepEqual(JSON.parse(reg.body), { agentInviteCode: null, password: PASSWORD, nickName: 'miner_one', email: EMAIL, emailCode: code });
    assert.equal(called('POST', '/captcha/check').length, 1, 'one slider for the whole sign-up');
    assert.deepEqual(called('POST', '/customer/login/'), [], 'no login call');
    assert.equal(await page.getByTestId('login-form').count(), 0);
    assert.equal(await page.getByTestId('terms').count(), 0);
    const token = await storageItem(page, 'token');
    assert.ok(token);
    assert.equal(JSON.parse(await storageItem(page, 'userInfo')).email, EMAIL);
    // The session is the server's: it reads the account.
    const me = await (await fetch(`${server.url}/api/pc/v1/customer/baseInfo`, { headers: { 'x-token': token } })).json();
    assert.equal(me.data.nickName, 'miner_one');
  });

  it('"Already have an account? Log in" opens the login page at its title with the email and the terms carried; password login', async () => {
    // A visitor on another device: no session here.
    await page.evaluate(() => ['token', 'userInfo'].forEach((k) => localStorage.removeItem(k)));
    await page.goto(server.url + '/register');
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.locator('#register_email').fill(EMAIL);
    await tickTerms(page);
    const foot = page.locator('.up-auth__foot');
    await foot.scrollIntoViewIfNeeded();
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the register form was scrolled down to its foot');
    await foot.getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/login');
    const title = page.getByRole('heading', { name: 'Log in', level: 1 });
    await waitUntil(async () => {
      const box = await title.boundingBox();
      return box && box.y >= 64 && box.y + box.height <= DESKTOP.viewport.height;
    }, { what: 'the login title in view below the header' });
    assert.equal(await page.locator('#login_account').inputValue(), EMAIL, 'the email typed on the register form');
    assert.equal(await page.getByTestId('terms').isChecked(), true, 'the terms ticked on the register form');
    assert.equal(await page.getByTestId('phone-prefix').isVisible(), false, 'an email shows no +86');

    // Password login: the slider opens on submit, then home with token and user; the terms
    // are not asked again.
    await page.locator('#login_password').fill(`  ${PASSWORD}  `);
    await page.getByTestId('submit').click();
    await dragSlider(page);
    await page.getByText('Login successful.').waitFor();
    await waitForPath(page, '/');
    const login = called('POST', '/login/email/pwd').at(-1);
    const body = JSON.parse(login.body);
    assert.equal(body.password, PASSWORD, 'the password is trimmed');
    assert.ok(body.ticket, 'with the slider ticket');
    assert.ok(await storageItem(page, 'token'));
    assert.equal(JSON.parse(await storageItem(page, 'userInfo')).nickName, 'miner_one');
    await page.getByTestId('user-menu').filter({ hasText: 'miner_one' }).waitFor();
  });

  it('shows the basic info: masked email, uid and the registration date in the viewer time zone', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Basic info' }).click();
    await waitForPath(page, '/basicsInfo');
    await page.getByTestId('basics-info').waitFor();
    const user = JSON.parse(await storageItem(page, 'userInfo'));
    assert.equal(await page.getByTestId('info-email').textContent(), `min***@example.com`);
    assert.equal(await page.getByTestId('info-phone').textContent(), 'Not bound');
    assert.match(await page.getByTestId('info-uid').textContent(), /^\d{8}$/);
    const tokyo = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(user.registDate));
    assert.equal(await page.getByTestId('info-registered').textContent(), tokyo);
    await shot(page, 'desktop-basics-info');
  });

  it('binds a phone: the password first (a session alone binds nothing), then the phone with the code from the console outbox', async () => {
    await page.getByTestId('phone-action').click();
    const dialog = page.getByRole('dialog', { name: 'Bind a phone' });
    await dialog.getByText('First confirm it is you').waitFor();
    assert.equal(await dialog.getByRole('tab', { name: 'Login password' }).getAttribute('aria-selected'), 'true');
    await dialog.locator('#contact-phone_password').fill('not-my-password');
    await dialog.getByTestId('dialog-submit').click();
    await dialog.getByText('The password is wrong.').waitFor();
    await dialog.locator('#contact-phone_password').fill(PASSWORD);
    await dialog.getByTestId('dialog-submit').click();
    const input = dialog.locator('#contact-phone_target');
    await input.pressSequentially('tel 139-1234-5678 99');
    assert.equal(await input.inputValue(), PHONE, 'only digits, cut to 11');
    const code = await nextOutboxCode(outbox, PHONE, async () => {
      await dialog.getByTestId('code-button').click();
      await dragSlider(page);
    });
    assert.match(called('GET', '/customer/sms/code/send').at(-1).url, /phone=13912345678&scenes=bindPhone&ticket=/);
    await dialog.locator('#contact-phone_code').fill('000000');
    await dialog.getByTestId('dialog-submit').click();
    await dialog.getByText('The verification code is wrong or has expired.').waitFor();
    await dialog.locator('#contact-phone_code').fill(code);
    await dialog.getByTestId('contact-hold-note').getByText('pause for 24 hours after this change').waitFor();
    await shot(page, 'desktop-bind-phone-step2');
    await dialog.getByTestId('dialog-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('info-phone').filter({ hasText: '139****5678' }).waitFor();
    await page.getByTestId('phone-action').filter({ hasText: 'Change' }).waitFor();
    assert.deepEqual(JSON.parse(called('POST', '/customer/phone/bind').at(-1).body), { phone: PHONE, code, password: PASSWORD });
    // The email the account had is told.
    await waitUntil(async () => (await sink.messages(EMAIL)).some((m) => m.text.includes('a phone number was bound to your account: 139****5678')), {
      what: 'the contact change notice',
    });
  });

  it("changes the password by old password from the user menu's entry", async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await waitForPath(page, '/basicsInfo?dialog=password');
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByTestId('dialog-submit').click();
    await dialog.getByText('Enter the password.').waitFor();
    await dialog.locator('#password_oldPassword').fill('not-my-password');
    await dialog.getByTestId('dialog-submit').click();
    await dialog.getByText('The password is wrong.').waitFor();
    await dialog.locator('#password_oldPassword').fill(PASSWORD);
    await dialog.getByTestId('dialog-submit').click();
    assert.deepEqual(JSON.parse(called('POST', '/password/check').at(-1).body), { oldPassword: PASSWORD });
    await dialog.locator('#password_newPassword').fill('short');
    await dialog.getByText('Set an 8-20 character password.').waitFor();
    await dialog.locator('#password_newPassword').fill(NEW_PASSWORD);
    await dialog.locator('#password_confirm').fill(`${NEW_PASSWORD}x`);
    await dialog.getByText('Password mismatch: the two passwords are inconsistent.').waitFor();
    await dialog.locator('#password_confirm').fill(NEW_PASSWORD);
    await shot(page, 'desktop-password-step2');
    await dialog.getByTestId('dialog-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForPath(page, '/basicsInfo');
    assert.deepEqual(JSON.parse(called('POST', '/password/upd/oldPassword').at(-1).body), { password: PASSWORD, newPassword: NEW_PASSWORD });
    // With a phone bound, the phone tab is offered; it sends the code to the bound phone.
    await page.getByTestId('password-action').click();
    await page.getByRole('tab', { name: 'Phone code' }).click();
    await page.getByRole('dialog', { name: 'Change password' }).getByText('We send a code to your phone 139****5678.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Change password' }).waitFor({ state: 'hidden' });
  });

  it('changes the account type to ASIC after the warning; the same type just closes', async () => {
    await page.getByTestId('type-action').click();
    let dialog = page.getByRole('dialog', { name: 'Change account type' });
    await dialog.getByText('Changing the type unbinds all bound devices.').waitFor();
    await dialog.getByRole('radio', { name: /ASIC account/ }).check();
    await shot(page, 'desktop-account-type');
    await dialog.getByTestId('dialog-submit').click();
    await page.getByText('Done.').first().waitFor();
    await page.getByTestId('info-type').filter({ hasText: 'ASIC account' }).waitFor();
    assert.deepEqual(JSON.parse(called('POST', '/change/account/type').at(-1).body), { accountTypeCode: 'asic' });

    const before = called('POST', '/change/account/type').length;
    await page.getByTestId('type-action').click();
    dialog = page.getByRole('dialog', { name: 'Change account type' });
    await dialog.getByTestId('dialog-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(called('POST', '/change/account/type').length, before, 'an unchanged type sends nothing');
  });

  it('edits the nickname', async () => {
    await page.getByTestId('edit-nickname').click();
    const dialog = page.getByRole('dialog', { name: 'Edit nickname' });
    await dialog.locator('#nickname_nickName').fill('bad name!');
    await dialog.getByText('Use only Chinese characters, letters, digits and underscores.').waitFor();
    await dialog.locator('#nickname_nickName').fill('矿工_one');
    await dialog.getByTestId('dialog-submit').click();
    await page.getByTestId('info-nickname').filter({ hasText: '矿工_one' }).waitFor();
    await page.getByTestId('user-menu').filter({ hasText: '矿工_one' }).waitFor();
  });

  it('logs out from the user menu: POST logOut with the token, state cleared, login page', async () => {
    const token = await storageItem(page, 'token');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await waitForPath(page, '/login');
    await page.getByText('You have logged out.').waitFor();
    const logout = called('POST', '/api/app/v1/customer/account/logOut').at(-1);
    assert.equal(logout.headers['x-token'], token);
    assert.equal(await storageItem(page, 'token'), null);
    assert.equal(await storageItem(page, 'userInfo'), null);
    // The old session is gone on the server too.
    const res = await fetch(`${server.url}/api/pc/v1/customer/baseInfo`, { headers: { 'x-token': token } });
    assert.equal((await res.json()).code, 4);
  });

  it('logs in by code (the server clock moves past the 60 s between codes to one address)', async () => {
    await page.getByRole('tab', { name: 'Verification code' }).click();
    await page.locator('#login_account').fill(EMAIL);
    await tickTerms(page);
    await server.advanceClock(RESEND_S + 1);
    const code = await sink.nextCode(EMAIL, async () => {
      await page.getByTestId('code-button').click();
      await dragSlider(page);
    });
    assert.match(called('GET', '/common/customer/email/send').at(-1).url, /scenes=login/);
    await page.locator('#login_code').fill(code);
    await page.getByTestId('submit').click();
    await waitForPath(page, '/');
    assert.deepEqual(JSON.parse(called('POST', '/login/email/code').at(-1).body), { email: EMAIL, code });
    assert.ok(await storageItem(page, 'token'));
  });

  it('changes the phone in two steps: a code to the current phone, then one to the new phone', async () => {
    await page.goto(server.url + '/basicsInfo');
    await page.getByTestId('phone-action').click();
    const dialog = page.getByRole('dialog', { name: 'Change phone' });
    await dialog.getByText('First we send a code to your current phone 139****5678.').waitFor();
    await server.advanceClock(RESEND_S + 1);
    const current = await nextOutboxCode(outbox, PHONE, async () => {
      await dialog.getByTestId('current-code-button').click();
      await dragSlider(page);
    });
    assert.match(called('GET', '/customer/sms/code/send').at(-1).url, /phone=13912345678&scenes=changePhone&ticket=/);
    await dialog.locator('#contact-phone_currentCode').fill(current);
    await dialog.getByTestId('dialog-submit').click();
    await dialog.locator('#contact-phone_target').waitFor();
    assert.match(called('GET', '/customer/sms/code/check').at(-1).url, new RegExp(`phone=13912345678&code=${current}&scenes=changePhone`));
    await dialog.locator('#contact-phone_target').fill(NEW_PHONE);
    const next = await nextOutboxCode(outbox, NEW_PHONE, async () => {
      await dialog.getByTestId('code-button').click();
      await dragSlider(page);
    });
    assert.match(called('GET', '/customer/sms/code/send').at(-1).url, /phone=13787654321&scenes=newPhone&ticket=/);
    await dialog.locator('#contact-phone_code').fill(next);
    await shot(page, 'desktop-change-phone-step2');
    await dialog.getByTestId('dialog-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('info-phone').filter({ hasText: '137****4321' }).waitFor();
    assert.deepEqual(JSON.parse(called('POST', '/customer/phone/change').at(-1).body), { code: current, newPhone: NEW_PHONE, newCode: next });
  });

  it('cancels the account: confirm off until a password is typed, irreversible, then home logged out', async () => {
    await page.goto(server.url + '/basicsInfo');
    await page.getByTestId('cancel-account').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel account' });
    await dialog.getByText('This cannot be undone.').waitFor();
    const confirm = dialog.getByTestId('dialog-submit');
    assert.equal(await confirm.isDisabled(), true);
    await dialog.locator('#cancel_password').fill(PASSWORD);
    assert.equal(await confirm.isDisabled(), false);
    await confirm.click();
    // The old password no longer works: it was changed above.
    await dialog.getByText('The password is wrong.').waitFor();
    await dialog.locator('#cancel_password').fill(NEW_PASSWORD);
    await shot(page, 'desktop-cancel');
    await confirm.click();
    await waitForPath(page, '/');
    await page.getByText('Your account has been cancelled.').waitFor();
    // The session is dropped once the account page is left, so its login gate never fires.
    await page.getByTestId('login-button').waitFor();
    assert.equal(await storageItem(page, 'token'), null);
    assert.equal(await storageItem(page, 'userInfo'), null);
    assert.equal(pathOf(page), '/');
    assert.equal(await page.getByText('Please log in first.').count(), 0);
  });

  it('a cancelled account cannot log in: the server message shows beside the form', async () => {
    await page.goto(server.url + '/login');
    await page.locator('#login_account').fill(EMAIL);
    await page.locator('#login_password').fill(NEW_PASSWORD);
    await tickTerms(page);
    await page.getByTestId('submit').click();
    await dragSlider(page);
    await page.getByTestId('form-error').filter({ hasText: 'Login failed. Check whether your information is filled in correctly.' }).waitFor();
    assert.equal(pathOf(page), '/login');
    assert.equal(await storageItem(page, 'token'), null);
  });
});
