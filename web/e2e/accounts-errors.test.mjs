// What the account forms say when something is wrong: rules checked beside the field
// before submitting, buttons held back, and the server's own messages (wrong code, wrong
// password). Codes go to the console outbox here (no SMTP, no SMS gateway).
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiAccount, dragSlider, latestOutboxCode, nextOutboxCode, outboxCodes, outboxNotices, shot, tickTerms, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser, pathOf, storageItem } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

describe('account form errors', { skip: skipReason(), timeout: 180_000 }, () => {
  let server;
  let browser;
  let outbox;
  let account;

  before(async () => {
    [server, browser] = await Promise.all([
      startPoold({ testClock: true, args: ({ dir }) => ['--outbox', path.join(dir, 'outbox.log')] }),
      launchBrowser(),
    ]);
    outbox = path.join(server.dir, 'outbox.log');
    account = await apiAccount(server.url, { email: 'known@example.com', readCode: (to) => latestOutboxCode(outbox, to) });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const desktopPage = async (at) => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(server.url + at);
    return { context, page };
  };
  const errorOf = (page, id) => page.locator(`.ant-form-item:has(#${id}) .ant-form-item-explain-error`);

  it('login: the button comes on with the fields filled; pressed without the terms it warns and sends nothing', async () => {
    const { context, page } = await desktopPage('/login');
    const submit = page.getByTestId('submit');
    const logins = [];
    page.on('request', (r) => r.url().includes('/customer/login/') && logins.push(r.url()));
    assert.equal(await submit.isDisabled(), true, 'empty');
    await page.locator('#login_account').fill(account.email);
    assert.equal(await submit.isDisabled(), true, 'no password');
    await page.locator('#login_password').fill(account.password);
    assert.equal(await submit.isDisabled(), false, 'filled, terms not ticked');
    await submit.click();
    await errorOf(page, 'login_agree').filter({ hasText: 'Please read and agree to the terms first.' }).waitFor();
    await page.locator('#login_password').fill('   ');
    assert.equal(await submit.isDisabled(), true, 'a password of spaces is empty');
    await page.locator('#login_password').fill(account.password);
    await tickTerms(page);
    await waitUntil(async () => (await errorOf(page, 'login_agree').count()) === 0, { what: 'the warning gone once ticked' });
    await tickTerms(page);
    await errorOf(page, 'login_agree').filter({ hasText: 'Please read and agree to the terms first.' }).waitFor();
    assert.deepEqual(logins, [], 'no login was sent without the terms');
    assert.equal(pathOf(page), '/login');
    // The terms link to the three documents, each in a new tab.
    const links = page.locator('.up-auth__terms a');
    assert.equal(await links.count(), 3);
    for (let i = 0; i < 3; i++) {
      assert.equal(await links.nth(i).getAttribute('target'), '_blank');
      assert.match(await links.nth(i).getAttribute('href'), /^\/legal\/(Service-Agreement|Privacy-Policy|Disclaimer)\//);
    }
    await context.close();
  });

  it('login: three digits switch to phone mode with +86, a letter to email; bad ones are named', async () => {
    const { context, page } = await desktopPage('/login');
    const account = page.locator('#login_account');
    const prefix = page.getByTestId('phone-prefix');
    await account.fill('13');
    assert.equal(await prefix.isVisible(), false);
    await account.fill('138');
    assert.equal(await prefix.isVisible(), true);
    await errorOf(page, 'login_account').filter({ hasText: 'Enter an 11-digit mobile number starting with 1.' }).waitFor();
    await account.fill('23800138000');
    await errorOf(page, 'login_account').filter({ hasText: 'Enter an 11-digit mobile number starting with 1.' }).waitFor();
    await account.fill('138a');
    assert.equal(await prefix.isVisible(), false);
    await errorOf(page, 'login_account').filter({ hasText: 'Enter a valid email address' }).waitFor();
    await account.fill('');
    await errorOf(page, 'login_account').filter({ hasText: 'Enter your phone number or email.' }).waitFor();
    assert.equal(await account.getAttribute('maxlength'), '50');
    await context.close();
  });

  it('login: a wrong password shows the server message beside the form', async () => {
    const { context, page } = await desktopPage('/login');
    await page.locator('#login_account').fill(account.email);
    await page.locator('#login_password').fill('wrong-password');
    await tickTerms(page);
    await page.getByTestId('submit').click();
    await dragSlider(page);
    await page.getByTestId('form-error').filter({ hasText: 'Login failed. Check whether your information is filled in correctly.' }).waitFor();
    assert.equal(pathOf(page), '/login');
    assert.equal(await storageItem(page, 'token'), null);
    await shot(page, 'desktop-login-error');
    await context.close();
  });

  it('login: the slider can be passed with the keyboard alone', async () => {
    const { context, page } = await desktopPage('/login');
    await page.getByTestId('verify-button').click();
    const handle = page.getByTestId('slider-handle');
    await page.getByTestId('slider').and(page.locator('[data-status="ready"]')).waitFor();
    await handle.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight', { delay: 40 });
    await page.getByTestId('slider').and(page.locator('[data-status="passed"]')).waitFor();
    // The box closes 2 s after the pass; the form says it is verified.
    await page.getByTestId('verify-row').getByText('Verified').waitFor();
    await page.getByRole('dialog', { name: 'Security check' }).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('login: a slider let go before the end springs back', async () => {
    const { context, page } = await desktopPage('/login');
    await page.getByTestId('verify-button').click();
    await dragSlider(page, { to: 0.5 });
    const slider = page.getByTestId('slider');
    await slider.and(page.locator('[data-status="ready"]')).waitFor();
    assert.equal(await page.getByTestId('slider-handle').getAttribute('aria-valuenow'), '0');
    await context.close();
  });

  it('login by code: an unknown account is answered like a known one, and the address is told by mail', async () => {
    const { context, page } = await desktopPage('/login');
    await page.getByRole('tab', { name: 'Verification code' }).click();
    await page.getByTestId('code-button').click();
    await errorOf(page, 'login_account').filter({ hasText: 'Enter your phone number or email.' }).waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'Security check' }).count(), 0, 'no slider for a bad target');
    await page.locator('#login_account').fill('nobody@example.com');
    await page.getByTestId('code-button').click();
    await dragSlider(page);
    // The same countdown as after a code to an account; the mail says there is none.
    await page.getByTestId('code-button').filter({ hasText: /Resend in \d+ s/ }).waitFor();
    assert.equal(await page.getByText('No account uses this email.').count(), 0);
    await waitUntil(async () => (await outboxNotices(outbox)).some((n) => n.to === 'nobody@example.com' && n.kind === 'loginNoAccount'),
      { what: 'a no-account notice' });
    assert.equal((await outboxCodes(outbox)).filter((m) => m.to === 'nobody@example.com').length, 0, 'no code for nobody');
    await context.close();
  });

  it('register: every rule is checked beside its field before submitting', async () => {
    const { context, page } = await desktopPage('/register');
    // Empty fields say so when left.
    await page.locator('#register_nickName').focus();
    await page.locator('#register_phone').focus();
    await errorOf(page, 'register_nickName').filter({ hasText: 'Enter a nickname.' }).waitFor();
    await page.locator('#register_password').focus();
    await errorOf(page, 'register_phone').filter({ hasText: 'Enter your phone number.' }).waitFor();
    await page.locator('#register_nickName').fill('bad name!');
    await errorOf(page, 'register_nickName').filter({ hasText: 'Use only Chinese characters, letters, digits and underscores.' }).waitFor();
    assert.equal(await page.locator('#register_nickName').getAttribute('maxlength'), '20');
    // Phone: only digits are kept, at most 11.
    await page.locator('#register_phone').pressSequentially('abc1234');
    assert.equal(await page.locator('#register_phone').inputValue(), '1234');
    await errorOf(page, 'register_phone').filter({ hasText: 'Enter an 11-digit mobile number starting with 1.' }).waitFor();
    await page.locator('#register_phone').pressSequentially('567890123456');
    assert.equal(await page.locator('#register_phone').inputValue(), '12345678901');
    // A code is asked for only for a good phone number.
    await page.locator('#register_phone').fill('2345');
    await page.getByTestId('code-button').click();
    assert.equal(await page.getByRole('dialog', { name: 'Security check' }).count(), 0);
    await page.locator('#register_password').fill('short');
    await errorOf(page, 'register_password').filter({ hasText: 'Set an 8-20 character password.' }).waitFor();
    await page.locator('#register_password').fill('Passw0rd!');
    await page.locator('#register_repeat').fill('Passw0rd?');
    await errorOf(page, 'register_repeat').filter({ hasText: 'Password mismatch: the two passwords are inconsistent.' }).waitFor();
    await page.locator('#register_code').pressSequentially('12ab3456789');
    assert.equal(await page.locator('#register_code').inputValue(), '123456');
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.locator('#register_email').fill('someone@example');
    await errorOf(page, 'register_email').filter({ hasText: 'Enter a valid email address, such as name@example.com.' }).waitFor();
    await page.locator('#register_email').fill('someone@example.technology');
    await errorOf(page, 'register_email').filter({ hasText: 'Enter a valid email address, such as name@example.com.' }).waitFor();
    assert.equal(await page.locator('#register_password').getAttribute('maxlength'), '50', 'the email form takes up to 50');
    await shot(page, 'desktop-register-errors');
    // No nickname yet: the button stays off.
    assert.equal(await page.getByTestId('submit').isDisabled(), true);
    await context.close();
  });

  it('register: a used email is answered like a new one and told by mail; a wrong code from the server is shown beside the form', async () => {
    // Past the 60 s between two sends to one address (the account's own register code was
    // the last): a send to a used address counts like any other.
    await server.advanceClock(61);
    const used = await desktopPage('/register');
    await used.page.getByRole('tab', { name: 'Email' }).click();
    await used.page.locator('#register_email').fill(account.email);
    await used.page.getByTestId('code-button').click();
    await dragSlider(used.page);
    await used.page.getByTestId('code-button').filter({ hasText: /Resend in \d+ s/ }).waitFor();
    assert.equal(await used.page.getByText('This email is already registered.').count(), 0);
    await waitUntil(async () => (await outboxNotices(outbox)).some((n) => n.to === account.email && n.kind === 'alreadyRegistered'),
      { what: 'an already-registered notice' });
    await used.context.close();

    const { context, page } = await desktopPage('/register');
    await page.getByRole('tab', { name: 'Email' }).click();
    const email = 'fresh@example.com';
    await page.locator('#register_nickName').fill('fresh_one');
    await page.locator('#register_email').fill(email);
    const code = await nextOutboxCode(outbox, email, async () => {
      await page.getByTestId('code-button').click();
      await dragSlider(page);
    });
    const wrong = code === '000000' ? '111111' : '000000';
    await page.locator('#register_code').fill(wrong);
    await page.locator('#register_password').fill('Passw0rd!');
    await page.locator('#register_repeat').fill('Passw0rd!');
    await tickTerms(page);
    await page.getByTestId('submit').click();
    await page.getByTestId('form-error').filter({ hasText: 'The verification code is wrong or has expired.' }).waitFor();
    assert.equal(pathOf(page), '/register');
    await context.close();
  });

  it('register: the client checks the length, the server refuses a common password and says so', async () => {
    const { context, page } = await desktopPage('/register');
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.locator('#register_nickName').fill('common_one');
    await page.locator('#register_email').fill('common@example.com');
    await page.locator('#register_code').fill('123456');
    await page.locator('#register_password').fill('Password123');
    await page.locator('#register_repeat').fill('Password123');
    await tickTerms(page);
    await page.getByTestId('submit').click();
    await page.getByTestId('form-error').filter({ hasText: 'This password is too common and easy to guess. Please choose another one.' }).waitFor();
    assert.equal(pathOf(page), '/register');
    await context.close();
  });

  it('mobile: the same rules beside the fields, and the terms warning', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(server.url + '/mobile/register');
    const err = (id) => page.locator(`.adm-form-item:has(#${id}) .adm-form-item-feedback-error`);
    await page.locator('#mregister_phone').pressSequentially('x1380013800099');
    assert.equal(await page.locator('#mregister_phone').inputValue(), '13800138000');
    await page.locator('#mregister_password').fill('1234');
    await err('mregister_password').filter({ hasText: 'Set an 8-20 character password.' }).waitFor();
    await page.locator('#mregister_password').fill('12345678');
    await page.locator('#mregister_repeat').fill('12345679');
    await err('mregister_repeat').filter({ hasText: 'Password mismatch' }).waitFor();
    await page.locator('#mregister_nickName').fill('a b');
    await err('mregister_nickName').filter({ hasText: 'Use only Chinese characters' }).waitFor();
    assert.equal(await page.getByTestId('submit').isDisabled(), true);
    await shot(page, 'mobile-register-errors');

    await page.goto(server.url + '/mobile/login');
    await page.locator('#mlogin_account').fill('1380013');
    await page.getByTestId('phone-prefix').filter({ hasText: '+86' }).waitFor();
    await page.locator('#mlogin_account').blur();
    await page.locator('.adm-form-item-feedback-error').filter({ hasText: 'Enter an 11-digit mobile number starting with 1.' }).waitFor();
    await page.locator('#mlogin_password').fill('whatever');
    // Filled, so the button is on; pressed with the terms unticked it warns and sends nothing.
    const logins = [];
    page.on('request', (r) => r.url().includes('/customer/login/') && logins.push(r.url()));
    await page.getByTestId('submit').click();
    await page.locator('.adm-form-item-feedback-error').filter({ hasText: 'Please read and agree to the terms first.' }).waitFor();
    assert.deepEqual(logins, []);
    await context.close();
  });
});
