// Accounts at phone size, in Simplified Chinese: an agent's invite link, sign-up with an
// email code from a real SMTP sink (one slider, dragged with the mouse, landing logged in),
// the login page from the register form's link and a login by password,
// the basic-info page and its change-password sheet, binding a phone (a code to the email
// first: a session alone binds nothing), logout from the avatar menu.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dragSlider, goMissing, nextOutboxCode, shot, startSmtpSink, tickTerms, waitUntil } from './accounts.mjs';
import { PHONE, launchBrowser, storageItem, waitForPath } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

const EMAIL = `phone.miner.${Date.now()}@example.com`;
const PASSWORD = 'Passw0rd!';
const PHONE_NUMBER = '13812348000';

describe('accounts on a phone, in zh_CN', { skip: skipReason() || goMissing(), timeout: 240_000 }, () => {
  let sink;
  let server;
  let browser;
  let context;
  let page;
  const calls = [];

  before(async () => {
    [sink, browser] = await Promise.all([startSmtpSink(), launchBrowser()]);
    server = await startPoold({
      // The test clock passes the server's 60 s between two codes to the email at once.
      testClock: true,
      // The agent whose invite link the sign-up follows.
      setup: [['admin', 'agent', 'add', 'ABC123', '--name', '王经理']],
      args: ({ dir }) => ['--smtp', sink.smtp, '--smtp-tls', 'none', '--outbox', path.join(dir, 'outbox.log')],
    });
    context = await browser.newContext({ ...PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    page = await context.newPage();
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push({ method: r.method(), url: r.url(), headers: r.headers(), body: r.postData() });
    });
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await sink?.stop();
  });

  const called = (method, part) => calls.filter((c) => c.method === method && c.url.includes(part));
  const session = (key) => page.evaluate((k) => sessionStorage.getItem(k), key);

  it('an invite link keeps its code and opens the register page', async () => {
    await page.goto(server.url + '/mobile/registerInvite/ABC123');
    await waitForPath(page, '/mobile/register');
    assert.equal(await session('agentInviteCode'), 'ABC123');
    await page.getByRole('heading', { name: '注册' }).waitFor();
  });

  it('signs up with email in Chinese with one slider and lands logged in; the payload carries the invite code, which is then forgotten', async () => {
    await page.getByRole('tab', { name: '邮箱注册' }).click();
    await page.locator('#mregister_nickName').fill('矿工小王');
    await page.locator('#mregister_email').fill(EMAIL);
    const code = await sink.nextCode(EMAIL, async () => {
      await page.getByTestId('code-button').click();
      await page.getByRole('dialog', { name: '安全验证' }).waitFor();
      await dragSlider(page);
    });
    await page.getByTestId('code-button').filter({ hasText: /\d+ 秒后重发/ }).waitFor();
    // The form goes on showing the slider passed: nothing offers it again.
    await page.getByTestId('verify-row').getByRole('status').filter({ hasText: '已验证' }).waitFor();
    assert.equal(await page.getByTestId('verify-button').count(), 0);
    // The email is sent in the visitor's language.
    const [mail] = await sink.messages(EMAIL);
    assert.match(mail.subject + mail.text, /[\u4e00-\u9fff]/);
    await page.locator('#mregister_code').fill(code);
    await page.locator('#mregister_password').fill(PASSWORD);
    await page.locator('#mregister_repeat').fill(PASSWORD);
    // Every field filled: the button is on; pressed before the terms are ticked, it warns
    // and sends nothing.
    const early = [];
    const seen = (r) => r.url().includes('/register/email') && early.push(r.url());
    page.on('request', seen);
    await page.getByTestId('submit').click();
    await page.locator('.adm-form-item-feedback-error').filter({ hasText: '请先阅读并同意' }).waitFor();
    page.off('request', seen);
    assert.deepEqual(early, []);
    await tickTerms(page);
    await shot(page, 'mobile-register-filled-zh_CN');
    const request = page.waitForRequest((r) => r.url().includes('/register/email'));
    await page.getByTestId('submit').click();
    const body = (await request).postDataJSON();
    assert.deepEqual(body, { agentInviteCode: 'ABC123', password: PASSWORD, nickName: '矿工小王', email: EMAIL, emailCode: code });
    // Straight to the phone home, logged in: no login form, no second slider or terms box.
    await waitForPath(page, '/mobile');
    await page.getByText('注册成功，已为您登录。').waitFor();
    // The home page itself, not the register page still shown while home's code loads.
    await page.getByTestId('home-banner').waitFor();
    assert.equal(await session('agentInviteCode'), null);
    assert.ok(await storageItem(page, 'token'));
    assert.equal(JSON.parse(await storageItem(page, 'userInfo')).nickName, '矿工小王');
    assert.equal(called('POST', '/captcha/check').length, 1, 'one slider for the whole sign-up');
    assert.deepEqual(called('POST', '/customer/login/'), [], 'no login call');
    assert.equal(await page.getByTestId('terms').count(), 0);
    await page.getByTestId('user-menu').waitFor();
  });

  it('the register form\'s log-in link opens the login page at its title with the email and terms carried; password login at phone size', async () => {
    // A visitor on another phone: no session here.
    await page.evaluate(() => ['token', 'userInfo'].forEach((k) => localStorage.removeItem(k)));
    await page.goto(server.url + '/mobile/register');
    await page.getByRole('tab', { name: '邮箱注册' }).click();
    await page.locator('#mregister_email').fill(EMAIL);
    await tickTerms(page);
    const links = page.locator('.up-mauth__links');
    await links.scrollIntoViewIfNeeded();
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the register form was scrolled down to its foot');
    await links.getByRole('link', { name: '去登录' }).click();
    await waitForPath(page, '/mobile/login');
    const title = page.getByRole('heading', { name: '登录', level: 1 });
    await waitUntil(async () => {
      const box = await title.boundingBox();
      return box && box.y >= 0 && box.y + box.height <= PHONE.viewport.height;
    }, { what: 'the login title in view' });
    assert.equal(await page.locator('#mlogin_account').inputValue(), EMAIL, 'the email typed on the register form');
    assert.equal(await page.getByTestId('terms').locator('input').isChecked(), true, 'the terms ticked on the register form');

    await page.locator('#mlogin_account').fill('138');
    await page.getByTestId('phone-prefix').filter({ hasText: '+86' }).waitFor();
    await page.locator('#mlogin_account').fill(EMAIL);
    await page.getByTestId('phone-prefix').waitFor({ state: 'detached' });
    await page.locator('#mlogin_password').fill(PASSWORD);
    await shot(page, 'mobile-login-zh_CN');
    await page.getByTestId('submit').click();
    await page.getByRole('dialog', { name: '安全验证' }).waitFor();
    await dragSlider(page);
    await page.getByText('登录成功。').waitFor();
    await waitForPath(page, '/mobile');
    assert.ok(await storageItem(page, 'token'));
    assert.ok(JSON.parse(called('POST', '/login/email/pwd').at(-1).body).ticket);
  });

  it('the avatar menu opens basic info and the change-password sheet, which refuses the phone tab', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByText('修改密码').click();
    await waitForPath(page, '/mobile/basicsInfo?dialog=password');
    const sheet = page.getByRole('dialog', { name: '修改密码' });
    await sheet.waitFor();
    await page.getByTestId('info-email').filter({ hasText: 'pho***@example.com' }).waitFor();
    await sheet.getByRole('tab', { name: '手机验证码' }).click();
    await page.getByText('您未绑定手机或邮箱，暂不支持此验证方式。').waitFor();
    assert.equal(await sheet.getByRole('tab', { name: '原密码' }).getAttribute('aria-selected'), 'true');
    await sheet.getByRole('button', { name: '下一步' }).click();
    await sheet.getByText('请输入密码。').waitFor();
    await shot(page, 'mobile-password-sheet-zh_CN');
    await sheet.getByRole('button', { name: '关闭' }).click();
    await waitForPath(page, '/mobile/basicsInfo');
    await page.getByTestId('info-nickname').filter({ hasText: '矿工小王' }).waitFor();
    await page.getByTestId('info-type').filter({ hasText: '普通账户' }).waitFor();
    await shot(page, 'mobile-basics-info-zh_CN');
  });

  it('binds a phone in two steps: a code to the email proves the holder asks, then the phone with its code', async () => {
    await page.getByTestId('phone-action').click();
    const sheet = page.getByRole('dialog', { name: '绑定手机' });
    await sheet.getByText('请先确认是您本人').waitFor();
    await sheet.getByRole('tab', { name: '邮箱验证码' }).click();
    await sheet.getByText('我们将向您的邮箱 pho***@example.com 发送验证码。').waitFor();
    await server.advanceClock(61);
    const proof = await sink.nextCode(EMAIL, async () => {
      await sheet.getByTestId('current-code-button').click();
      await dragSlider(page);
    });
    assert.match(called('GET', '/customer/email/code/send').at(-1).url, /scenes=bindPhone&ticket=/);
    await page.locator('#mcontact-phone_currentCode').fill(proof);
    await sheet.getByRole('button', { name: '下一步' }).click();
    await page.locator('#mcontact-phone_target').fill(PHONE_NUMBER);
    const outbox = path.join(server.dir, 'outbox.log');
    const code = await nextOutboxCode(outbox, PHONE_NUMBER, async () => {
      await sheet.getByTestId('code-button').click();
      await dragSlider(page);
    });
    await page.locator('#mcontact-phone_code').fill(code);
    await sheet.getByTestId('contact-hold-note').getByText('24 小时内暂停提现').waitFor();
    await shot(page, 'mobile-bind-phone-zh_CN');
    await sheet.getByRole('button', { name: '确认绑定' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await page.getByTestId('info-phone').filter({ hasText: '138****8000' }).waitFor();
    assert.deepEqual(JSON.parse(called('POST', '/customer/phone/bind').at(-1).body), { phone: PHONE_NUMBER, code, currentCode: proof });
    // The email the account had is told, in the language it registered in.
    await waitUntil(async () => (await sink.messages(EMAIL)).some((m) => m.subject.includes('联系方式变更') && m.text.includes('138****8000')), {
      what: 'the contact change notice',
    });
  });

  it('logs out from the avatar menu after confirming', async () => {
    const token = await storageItem(page, 'token');
    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    // The page leaves first and forgets the session once the server has heard of it;
    // the toast says that is done. It shows for 2 s, possibly while the path is still
    // awaited on a loaded machine, so it is watched for from the click on.
    const toast = page.getByText('已退出登录').waitFor().then(() => null, (e) => e);
    await page.getByRole('button', { name: '确定' }).click();
    await waitForPath(page, '/mobile/login');
    const missed = await toast;
    if (missed) throw missed;
    assert.equal(await storageItem(page, 'token'), null);
    assert.equal(called('POST', '/account/logOut').at(-1).headers['x-token'], token);
  });
});
