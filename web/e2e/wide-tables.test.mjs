// Wide tables at 1440x900 (issue 31 "wide tables"): the pool pages use the window's width
// instead of a fixed 1200 px column, and a table wider than its box scrolls by itself with
// its key columns fixed. On the device list the IP and Bound columns are on screen or
// reached by the table's own scroll while the worker column stays; the assets overview
// shows Withdraw without any scrolling and keeps the Coin column in view after Withdraw is
// pressed; the withdrawal history shows the transaction hash and order number; the GPU
// table shows Manufacturer. The assets overview asks for the overview once per load (a
// second request, cancelled at once, went out on every load). The phone pages touched keep
// to the screen's width.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

describe('wide tables', { skip: skipReason(), timeout: 300_000 }, () => {
  let pool;
  let browser;
  let user;
  let deviceId = 0;
  const contexts = [];

  before(async () => {
    pool = await startPool({
      testClock: true,
      args: ['--payout-every', '2s'],
      mineFlags: ['--driver-config', 'premine=100000000000', '--driver-config', 'block_time=3s', '--payout-confirmations', '2'],
    });
    user = await pool.account('wide@example.com');
    const sub = await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'wide', alias: 'Wide', defaultCoin: 'MINE' });
    // The rig reports as the device agent too, so its page has a GPU table.
    pool.sim({ worker: 'wide.rig01', uniplusId: sub.uniplusId, coin: 'MINE' });
    await waitUntil(
      async () => (await pool.api(user.token, 'GET', '/api/pc/v1/earnings/summary', {})).some((c) => c.coin === 'MINE' && /[1-9]/.test(c.settling)),
      { timeout: 150_000, interval: 1000, what: 'settling earnings' },
    );
    const list = await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', { coin: 'MINE' });
    deviceId = list.rows[0].id;
    // Two days on, today's earnings are settled whatever the hour: a day settles at its
    // coin's settlement time the next day, which 25 hours pass only late in the day.
    await pool.advanceClock(49 * 3600);
    await waitUntil(
      async () => (await pool.api(user.token, 'GET', '/api/pc/v1/assets/overview', { subAccount: 'wide' })).some((a) => a.coin === 'MINE' && /[1-9]/.test(a.available)),
      { timeout: 120_000, interval: 1000, what: 'a settled balance' },
    );
    browser = await launchBrowser();
  });

  after(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await pool?.stop();
  });

  const open = async (device) => {
    const context = await browser.newContext(device);
    contexts.push(context);
    await loggedIn(context, user, 'en_US');
    const page = await context.newPage();
    page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
    return page;
  };

  /** pageOverflow is how far the page itself scrolls sideways (0: it does not). */
  const pageOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  /**
   * reach finds the header `header` in the table `testId` and answers whether it is on
   * screen as the page opens (shown), else after the table's own scroller is scrolled to
   * it (reached), and where the header `fixed` stands before and after that scroll. On
   * screen is inside the window and the scroller, and not under a fixed column.
   */
  const reach = (page, testId, header, fixed) =>
    page.evaluate(
      ([testId, header, fixed]) => {
        const table = document.querySelector(`[data-testid="${testId}"]`);
        if (!table) return { error: `no table ${testId}` };
        const th = (text) => [...table.querySelectorAll('thead th')].find((c) => c.textContent.trim() === text);
        const target = th(header);
        if (!target) return { error: `no header ${header}` };
        const scroller = target.closest('.ant-table-content, .ant-table-header, .ant-table-body') ?? table;
        const box = () => {
          const s = scroller.getBoundingClientRect();
          return { left: Math.max(0, s.left), right: Math.min(document.documentElement.clientWidth, s.right) };
        };
        const fixedCell = fixed ? th(fixed) : null;
        const edges = (cls, pick) =>
          [...table.querySelectorAll(`thead th.${cls}`)].map((c) => pick(c.getBoundingClientRect()));
        const inView = (el) => {
          const r = el.getBoundingClientRect();
          const b = box();
          const fixedCol = el.className.includes('ant-table-cell-fix-');
          const left = fixedCol ? b.left : Math.max(b.left, ...edges('ant-table-cell-fix-left', (x) => x.right));
          const right = fixedCol ? b.right : Math.min(b.right, ...edges('ant-table-cell-fix-right', (x) => x.left));
          return r.width > 0 && r.left >= left - 1 && r.right <= right + 1;
        };
        const fixedAt = () => (fixedCell ? Math.round(fixedCell.getBoundingClientRect().left) : null);
        const shown = inView(target);
        const fixedBefore = fixedAt();
        const fixedShownBefore = fixedCell ? inView(fixedCell) : null;
        if (!shown) {
          const lead = Math.max(0, ...edges('ant-table-cell-fix-left', (x) => x.right)) - scroller.getBoundingClientRect().left;
          scroller.scrollLeft = target.offsetLeft - lead;
        }
        const reached = inView(target);
        const result = { shown, reached, fixedBefore, fixedAfter: fixedAt(), fixedShownBefore, fixedShownAfter: fixedCell ? inView(fixedCell) : null };
        scroller.scrollLeft = 0;
        return result;
      },
      [testId, header, fixed],
    );

  it('desktop: the device list reaches IP and Bound with the worker column fixed', async () => {
    const page = await open(DESKTOP);
    await page.goto(`${pool.url}/account/orePoolAnlageuebersicht?sub=wide&coin=MINE`);
    await page.locator('.ant-table-row', { hasText: 'wide.rig01' }).waitFor();
    assert.equal(await pageOverflow(page), 0, 'the page scrolls sideways');
    // The content uses the width: the page is more than the old 1200 px column.
    const width = await page.locator('.up-page').evaluate((e) => e.getBoundingClientRect().width);
    assert.ok(width > 1100, `the page's content is ${width} px wide at 1440`);
    for (const header of ['IP', 'Bound']) {
      const r = await reach(page, 'device-table', header, 'Worker');
      assert.equal(r.error, undefined, r.error);
      assert.ok(r.shown || r.reached, `${header} is neither on screen nor reached by the table's scroll: ${JSON.stringify(r)}`);
      assert.ok(r.fixedShownBefore && r.fixedShownAfter, `the worker column left the screen: ${JSON.stringify(r)}`);
      assert.equal(r.fixedAfter, r.fixedBefore, 'the worker column moved with the scroll');
    }
    await shot(page, 'wide-desktop-devices');
  });

  it('desktop: the assets overview shows Withdraw, and the Coin column stays after it is pressed; one overview request', async () => {
    const page = await open(DESKTOP);
    const overviews = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/pc/v1/assets/overview')) overviews.push(r.url());
    });
    await page.goto(`${pool.url}/account/orePoolAssetsOverview?sub=wide&coin=MINE`);
    const withdraw = page.getByTestId('withdraw-MINE');
    await withdraw.waitFor();
    await page.getByTestId('withdrawals-table').waitFor();
    assert.equal(await pageOverflow(page), 0, 'the page scrolls sideways');
    const visible = (locator) =>
      locator.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const s = el.closest('.ant-table-content, .ant-table-body')?.getBoundingClientRect() ?? { left: 0, right: Infinity };
        return r.width > 0 && r.left >= Math.max(0, s.left) - 1 && r.right <= Math.min(document.documentElement.clientWidth, s.right) + 1;
      });
    assert.ok(await visible(withdraw), 'Withdraw is off screen');
    assert.ok(await withdraw.isEnabled(), 'Withdraw is off with a balance');
    const coinCell = page.locator('[data-testid="assets-table"] .ant-table-row', { hasText: 'Withdraw' }).filter({ has: withdraw }).locator('td').first();
    assert.equal((await coinCell.textContent()).trim(), 'MINE');
    await withdraw.click();
    await page.getByTestId('withdraw-amount').waitFor();
    assert.ok(await visible(coinCell), 'the Coin column left the screen when Withdraw was pressed');
    await page.locator('.ant-modal-close').click();
    await page.getByTestId('withdraw-amount').waitFor({ state: 'detached' });
    assert.ok(await visible(coinCell), 'the Coin column left the screen after the dialog closed');
    assert.ok(await visible(withdraw), 'Withdraw left the screen after the dialog closed');

    // The history shows the transaction hash and the order number.
    for (const header of ['Transaction hash', 'Order number']) {
      const r = await reach(page, 'withdrawals-table', header, 'Coin');
      assert.equal(r.error, undefined, r.error);
      assert.ok(r.shown, `${header} is off screen: ${JSON.stringify(r)}`);
    }
    await shot(page, 'wide-desktop-assets');
    // The overview is asked for once: no request made and cancelled on the way.
    assert.equal(overviews.length, 1, `overview requests: ${overviews.join(', ')}`);
  });

  it('desktop: the GPU table shows Manufacturer', async () => {
    const page = await open(DESKTOP);
    await page.goto(`${pool.url}/account/orePoolMachineDetail?id=${deviceId}&sub=wide&coin=MINE`);
    await page.getByTestId('gpu-table').waitFor();
    assert.equal(await pageOverflow(page), 0, 'the page scrolls sideways');
    const r = await reach(page, 'gpu-table', 'Manufacturer', null);
    assert.equal(r.error, undefined, r.error);
    assert.ok(r.shown, `Manufacturer is off screen: ${JSON.stringify(r)}`);
    await shot(page, 'wide-desktop-gpus');
  });

  it('phone: the asset page and the address book keep to the screen', async () => {
    const page = await open(PHONE);
    await page.goto(`${pool.url}/mobile/account/assetsOverview?sub=wide&coin=MINE`);
    await page.getByTestId('withdraw-MINE').waitFor();
    await page.getByTestId('withdrawals').waitFor();
    assert.equal(await pageOverflow(page), 0, 'the asset page scrolls sideways');
    await page.getByTestId('withdraw-MINE').click();
    await page.getByTestId('withdraw-amount').waitFor();
    assert.equal(await pageOverflow(page), 0, 'the withdrawal sheet scrolls sideways');
    await shot(page, 'wide-phone-assets');
    await page.goto(`${pool.url}/mobile/account/addressManage?sub=wide&coin=MINE`);
    await page.getByTestId('address-add').waitFor();
    assert.equal(await pageOverflow(page), 0, 'the address book scrolls sideways');
  });
});
