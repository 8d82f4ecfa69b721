// Tutorials: index redirects, live pool addresses of a coin the operator added (in two
// languages, desktop and phone), hadaSwithchOn showing the deviceAccess tutorial, and a
// logged-in user's own Uniplus ID on the Uniplus OS tutorial.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiAccount, latestOutboxCode, shot } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser, waitForPath } from './browser.mjs';
import { freePort, skipReason, startPoold } from './server.mjs';

describe('tutorials', { skip: skipReason(), timeout: 180_000 }, () => {
  let server;
  let browser;
  let ports;
  before(async () => {
    ports = [await freePort(), await freePort(), await freePort()];
    [server, browser] = await Promise.all([
      startPoold({
        setup: [
          ['admin', 'coin', 'add', 'BTC', '--name', 'Bitcoin', '--algorithm', 'sha256d', '--unit', 'BTC', '--ports', `${ports[0]},${ports[1]}`],
          ['admin', 'coin', 'add', 'LTC', '--name', 'Litecoin', '--algorithm', 'scrypt', '--unit', 'LTC', '--ports', String(ports[2]), '--open=false'],
        ],
        args: ({ dir }) => ['--outbox', path.join(dir, 'outbox.log')],
      }),
      launchBrowser(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** open starts a context of the given kind and language (stored as the app stores a choice). */
  async function open(kind, lang, token) {
    const context = await browser.newContext(kind === 'phone' ? PHONE : DESKTOP);
    await context.addInitScript(
      ([l, t]) => {
        if (l) localStorage.setItem('lang', l);
        if (t) localStorage.setItem('token', t);
      },
      [lang, token],
    );
    return { context, page: await context.newPage() };
  }

  it('/tutorial and /mobile/tutorial open the sign-up tutorial', async () => {
    const desk = await open('desktop', 'en_US');
    await desk.page.goto(server.url + '/tutorial');
    await waitForPath(desk.page, '/tutorial/orePoolSignIn');
    await desk.page.getByRole('heading', { level: 1, name: 'Sign up and start mining' }).waitFor();
    await desk.context.close();

    const phone = await open('phone', 'en_US');
    await phone.page.goto(server.url + '/mobile/tutorial');
    await waitForPath(phone.page, '/mobile/tutorial/orePoolSignIn');
    await phone.page.getByRole('heading', { level: 1, name: 'Sign up and start mining' }).waitFor();
    await phone.context.close();
  });

  it('/ironFish shows the IronFish tutorial with the tutorial menu', async () => {
    const { context, page } = await open('desktop', 'en_US');
    await page.goto(server.url + '/ironFish');
    await page.getByRole('heading', { level: 1, name: 'IronFish mining tutorial' }).waitFor();
    await page.getByRole('link', { name: 'Sign up and start mining' }).first().waitFor();
    await context.close();
  });

  const cases = [
    { kind: 'desktop', lang: 'en_US', htmlLang: 'en', title: 'Bitcoin mining', step: 'Enter the pool addresses', main: 'Main pool' },
    { kind: 'desktop', lang: 'ko_KR', htmlLang: 'ko', title: '비트코인 채굴', step: '풀 주소 입력', main: '메인 풀' },
    { kind: 'phone', lang: 'en_US', htmlLang: 'en', title: 'Bitcoin mining', step: 'Enter the pool addresses', main: 'Main pool' },
    { kind: 'phone', lang: 'zh_CN', htmlLang: 'zh-CN', title: '比特币挖矿', step: '填写矿池地址', main: '主矿池' },
  ];
  for (const c of cases) {
    it(`the Bitcoin tutorial shows the live pool addresses (${c.kind}, ${c.lang})`, async () => {
      const { context, page } = await open(c.kind, c.lang);
      await page.goto(server.url + (c.kind === 'phone' ? '/mobile/tutorial/btc' : '/tutorial/btc'));
      await page.getByRole('heading', { level: 1, name: c.title }).waitFor();
      await page.getByRole('heading', { level: 2, name: c.step }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), c.htmlLang);
      const urls = page.getByTestId('stratum-url');
      await urls.first().waitFor();
      assert.deepEqual(await urls.allTextContents(), [`stratum+tcp://127.0.0.1:${ports[0]}`, `stratum+tcp://127.0.0.1:${ports[1]}`]);
      await page.getByTestId('stratum-panel').getByText(c.main, { exact: true }).waitFor();
      assert.equal(await page.getByTestId('coin-status').textContent(), c.lang === 'en_US' ? 'Open' : c.lang === 'ko_KR' ? '운영 중' : '开放');
      await shot(page, `tutorial-btc-${c.kind}-${c.lang}`);
      await context.close();
    });
  }

  it('a closed coin is marked in the address chooser', async () => {
    const { context, page } = await open('desktop', 'en_US');
    await page.goto(server.url + '/tutorial/hiveOS');
    const ltc = page.getByTestId('coin-LTC');
    await ltc.waitFor();
    assert.match(await ltc.textContent(), /Closed/);
    await ltc.click();
    await page.getByTestId('coin-closed').waitFor();
    assert.deepEqual(await page.getByTestId('stratum-url').allTextContents(), [`stratum+tcp://127.0.0.1:${ports[2]}`]);
    await context.close();
  });

  it('hadaSwithchOn shows the Uniplus OS tutorial, desktop and phone', async () => {
    for (const [kind, url] of [
      ['desktop', '/tutorial/hadaSwithchOn'],
      ['phone', '/mobile/tutorial/hadaSwithchOn'],
    ]) {
      const { context, page } = await open(kind, 'en_US');
      await page.goto(server.url + url);
      await page.getByRole('heading', { level: 1, name: 'Connect Uniplus OS devices' }).waitFor();
      await page.getByTestId('tutorial-deviceAccess').waitFor();
      await page.getByRole('heading', { level: 2, name: 'Put your Uniplus ID on the system disk' }).waitFor();
      await page.getByTestId('uniplus-logged-out').waitFor();
      assert.equal(new URL(page.url()).pathname, url);
      await context.close();
    }
  });

  it("a logged-in user sees their sub-account's Uniplus ID, masked (shown once at creation), on the Uniplus OS tutorial", async () => {
    const outbox = path.join(server.dir, 'outbox.log');
    const { token } = await apiAccount(server.url, { email: 'tutorial@example.com', readCode: (to) => latestOutboxCode(outbox, to) });
    const call = async (method, pathname, body) => {
      const res = await fetch(server.url + pathname, {
        method,
        headers: { 'Content-Type': 'application/json', 'x-token': token, language: 'en_US' },
        body: body ? JSON.stringify(body) : undefined,
      });
      const env = await res.json();
      assert.equal(env.code, 0, `${pathname}: ${env.msg}`);
      return env.data;
    };
    // The create answer is the one time the ID is shown; later reads give its prefix.
    const { uniplusId } = await call('POST', '/api/pc/v1/pool/subaccount/create', { code: 'tutfarm', alias: 'Farm', defaultCoin: 'BTC' });
    assert.match(uniplusId, /^UP-[0-9a-f]{64}$/);
    const read = await call('GET', '/api/pc/v1/pool/subaccount/uniplus?code=tutfarm');
    assert.equal(read.uniplusId, null);
    assert.equal(read.uniplusPrefix, uniplusId.slice(0, 7));

    for (const [kind, url] of [
      ['desktop', '/tutorial/deviceAccess'],
      ['phone', '/mobile/tutorial/deviceAccess'],
    ]) {
      const { context, page } = await open(kind, 'en_US', token);
      await page.goto(server.url + url);
      const masked = page.getByTestId('uniplus-masked');
      await masked.waitFor();
      assert.equal(await masked.textContent(), `${uniplusId.slice(0, 7)}••••••••`);
      assert.ok(!(await page.content()).includes(uniplusId.slice(7)), 'the page holds the Uniplus ID');
      assert.equal(await page.getByTestId('go-subAccounts').count(), 1);
      assert.equal(await page.getByTestId('uniplus-worker').textContent(), 'tutfarm.device name');
      assert.equal(await page.getByTestId('sub-account-picker').inputValue(), 'tutfarm');
      await shot(page, `tutorial-deviceAccess-${kind}-logged-in`);
      await context.close();
    }
  });
});
