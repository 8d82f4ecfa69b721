// The block explorer against the real binary: a rig mines blocks through the pool (on this
// devnet every share is one) and another mines solo to its address, and a visitor sees the
// network figures, the node's latest blocks with the pool's marked, the pool's blocks with
// status and masked finder, a block by its link and by a search, the solo address opening its
// summary, an unknown address and an empty search refused with their messages, and the
// ranking with a miner's page (a skeleton while it loads). Hashes, transaction ids and the solo
// finder's address have copy buttons that copy the whole value (a list row's button copies
// without opening the row). The desktop in English, the phone in Simplified Chinese.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

/** devnetAddress is a devnet wallet address of a 20-byte key (internal/chain/devnet). */
function devnetAddress(seed) {
  const key = createHash('sha256').update(seed).digest().subarray(0, 20);
  const sum = createHash('sha256').update(key).digest().subarray(0, 2);
  return `dvn1${key.toString('hex')}${sum.toString('hex')}`;
}

describe('block explorer', { skip: skipReason(), timeout: 300_000 }, () => {
  let pool;
  let browser;
  const rigs = [];
  const contexts = [];
  const soloAddress = devnetAddress('e2e explorer solo miner');

  const newPage = async (options, lang) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    return context.newPage();
  };
  const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());
  /** copies clicks testId's copy button (the first) and checks the clipboard holds its whole value and a toast says so. */
  const copies = async (page, testId, toast) => {
    const value = page.getByTestId(testId).first();
    const full = await value.getAttribute('data-full');
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.getByTestId(`${testId}-copy`).first().click();
    await waitUntil(async () => (await clipboard(page)) === full, { what: `${testId} on the clipboard` });
    await page.getByText(toast, { exact: true }).first().waitFor();
    return { full, shown: (await value.textContent()).trim() };
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool({ solo: true }), launchBrowser()]);
    const user = await pool.account(`explorer.${Date.now()}@example.com`);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'xfarm01', alias: 'Farm', defaultCoin: 'MINE' });
    rigs.push(pool.sim({ worker: 'xfarm01.rig01' }), pool.sim({ worker: `${soloAddress}.solo01`, solo: true }));
    await waitUntil(
      async () => {
        const res = await fetch(`${pool.url}/api/pc/v1/explorer/overview?coin=MINE`);
        const body = await res.json();
        return body.code === 0 && body.data.poolBlocks.some((b) => !b.solo) && body.data.poolBlocks.some((b) => b.solo);
      },
      { what: 'blocks found by the pool and by the solo miner', timeout: 90_000 },
    );
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    for (const r of rigs) await r.stop();
    await browser?.close();
    await pool?.stop();
  });

  it('overview, a block by link and by search, an unknown address, the ranking and a miner', async () => {
    const page = await newPage(DESKTOP, 'en_US');
    await page.goto(`${pool.url}/explorderIndex`);
    await page.waitForURL((u) => u.pathname === '/explorderIndex/overView');
    await page.getByTestId('explorer-cards').getByText('Pool share of the network').waitFor();
    // The coin the pool mines here.
    await page.getByTestId('explorer-coin').click();
    await page.locator('.ant-select-item-option', { hasText: 'Minecoin' }).click();
    await page.waitForURL((u) => u.searchParams.get('coin') === 'MINE');
    const poolRow = page.getByTestId('pool-blocks').locator('tbody tr').filter({ hasText: 'xf***1' }).first();
    await poolRow.getByText('xf***1').waitFor(); // the sub-account, masked
    assert.match(await poolRow.getByTestId('block-status').textContent(), /Pending|Confirmed/);
    await page.getByTestId('latest-blocks').getByText(/^Pool · /).first().waitFor();
    // A block hash shows by its ends; its copy is the whole hash.
    const hash = await copies(page, 'latest-hash', 'Copied');
    assert.match(hash.full, /^[0-9a-f]{64}$/);
    assert.equal(hash.shown, `${hash.full.slice(0, 10)}…${hash.full.slice(-10)}`);
    // The solo block's finder is its address, copied whole; a pool block's masked code has no copy.
    const soloRow = page.getByTestId('pool-blocks').locator('tbody tr').filter({ hasText: 'Solo' }).first();
    assert.equal(await soloRow.getByTestId('block-finder').getAttribute('data-full'), soloAddress);
    await soloRow.getByTestId('block-finder-copy').click();
    await waitUntil(async () => (await clipboard(page)) === soloAddress, { what: 'the solo address on the clipboard' });
    assert.equal(await poolRow.getByTestId('block-finder').count(), 0);
    await shot(page, 'explorer-desktop-overview');

    // A pool block by its link: the block with the pool's record.
    const height = Number((await poolRow.locator('a').first().textContent()).trim());
    await poolRow.locator('a').first().click();
    await page.getByTestId('block-detail').waitFor();
    await page.getByTestId('block-pool').getByText('xf***1').waitFor();
    assert.equal((await page.getByTestId('block-txids').locator('li').count()) >= 1, true);
    assert.match((await copies(page, 'block-txid', 'Copied')).full, /^[0-9a-f]{64}$/);
    await shot(page, 'explorer-desktop-block');

    // By search: a height opens its block; an address that does not mine solo is refused.
    await page.getByTestId('explorer-q').fill(String(height));
    await page.getByTestId('explorer-search').click();
    await page.waitForURL((u) => u.pathname === `/explorderIndex/blockDetail/${height}`);
    await page.getByTestId('block-detail').waitFor();
    assert.equal((await page.getByTestId('block-detail').locator('dd').first().textContent()).trim(), String(height));
    await page.getByTestId('explorer-q').fill('dvn1nobody');
    await page.getByTestId('explorer-search').click();
    assert.equal((await page.getByTestId('explorer-error').textContent()).trim(), 'The query address does not exist.');
    await page.getByTestId('explorer-q').fill(' ');
    await page.getByTestId('explorer-search').click();
    assert.equal((await page.getByTestId('explorer-error').textContent()).trim(), 'Enter a block height, a block hash or an address.');
    // The solo miner's address opens its summary.
    await page.getByTestId('explorer-q').fill(soloAddress);
    await page.getByTestId('explorer-search').click();
    await page.waitForURL((u) => u.pathname === '/account/soloSummary' && u.searchParams.get('address') === soloAddress);
    await page.getByTestId('solo-cards').waitFor();

    // The ranking: grey blocks while it loads (not an empty table with a spinner), then the
    // miner, masked, and its page.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route((u) => u.pathname === '/api/pc/v1/explorer/ranking', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${pool.url}/explorderIndex/rankingList?coin=MINE`);
    await page.locator('.up-pool-panel .ant-skeleton').waitFor();
    assert.equal(await page.getByTestId('ranking').count(), 0);
    release();
    const miner = page.getByTestId('ranking').getByRole('link', { name: 'xf***1' });
    await miner.waitFor();
    await page.unrouteAll();
    assert.equal(await page.locator('.up-pool-panel .ant-skeleton').count(), 0);
    await shot(page, 'explorer-desktop-ranking');
    await miner.click();
    await page.getByTestId('miner-cards').getByText('xf***1').waitFor();
    assert.equal(await page.getByText('xfarm01').count(), 0, 'the code is never shown');
    await page.goto(`${pool.url}/explorderIndex/blockDetail/99999999?coin=MINE`);
    await page.getByTestId('block-not-found').waitFor();
  });
  it('on a phone, in Simplified Chinese: from the menu, a pool block, a height, the solo address, the messages and the ranking', async () => {
    const page = await newPage(PHONE, 'zh_CN');
    // A desktop link opened on a phone lands on the phone's page, coin kept.
    await page.goto(`${pool.url}/explorderIndex/overView?coin=MINE`);
    await page.waitForURL((u) => u.pathname === '/mobile/explorderIndex/overView' && u.searchParams.get('coin') === 'MINE');
    await page.getByTestId('explorer-cards').getByText('矿池占全网').waitFor();
    // And from the menu.
    await page.goto(`${pool.url}/mobile`);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.getByTestId('mmenu-explorer').click();
    await page.waitForURL((u) => u.pathname === '/mobile/explorderIndex/overView');
    await page.getByTestId('explorer-coin').getByText('MINE', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('coin') === 'MINE');
    const pooled = page.getByTestId('pool-block').filter({ hasText: 'xf***1' }).first();
    await pooled.waitFor();
    await page.getByTestId('pool-block').filter({ hasText: soloAddress.slice(0, 8) }).first().getByText('Solo').waitFor();
    await page.getByTestId('latest-blocks').getByText(/^矿池 · /).first().waitFor();
    // A row's copy button copies the block's whole hash and stays on the page.
    const before = page.url();
    const hash = await copies(page, 'latest-hash', '已复制');
    assert.match(hash.full, /^[0-9a-f]{64}$/);
    assert.equal(hash.shown, `${hash.full.slice(0, 6)}…${hash.full.slice(-6)}`);
    assert.equal(page.url(), before, 'the copy did not open the block');
    const soloBlock = page.getByTestId('pool-block').filter({ hasText: soloAddress.slice(0, 8) }).first();
    assert.equal(await soloBlock.getByTestId('block-finder').getAttribute('data-full'), soloAddress);
    const box = await page.getByTestId('explorer-cards').boundingBox();
    for (const card of await page.getByTestId('explorer-cards').locator('.up-mpool-card').all()) {
      const b = await card.boundingBox();
      assert.ok(b.x >= box.x - 1 && b.x + b.width <= box.x + box.width + 1, 'every card stays inside the page');
    }
    await shot(page, 'explorer-mobile-overview');

    // A pool block: the block with the pool's record.
    const height = Number((await pooled.getByTestId('pool-block-height').textContent()).trim());
    await pooled.click();
    await page.waitForURL((u) => u.pathname === `/mobile/explorderIndex/preBlockDetail/${height}`);
    await page.getByTestId('block-pool').getByText('xf***1').waitFor();
    assert.equal((await page.getByTestId('block-height').textContent()).trim(), String(height));
    assert.ok((await page.getByTestId('block-txids').locator('li').count()) >= 1);
    assert.match((await copies(page, 'block-txid', '已复制')).full, /^[0-9a-f]{64}$/);
    await shot(page, 'explorer-mobile-block');

    // Search: a height, an empty box, an unknown address, the solo address.
    const q = page.getByTestId('explorer-q').locator('input');
    await q.fill(String(height - 1));
    await page.getByTestId('explorer-search').click();
    await page.waitForURL((u) => u.pathname === `/mobile/explorderIndex/blockDetail/${height - 1}`);
    await page.getByTestId('block-next').click();
    await page.waitForURL((u) => u.pathname === `/mobile/explorderIndex/blockDetail/${height}`);
    await q.fill('');
    await page.getByTestId('explorer-search').click();
    assert.equal((await page.getByTestId('explorer-error').textContent()).trim(), '请输入区块高度、区块哈希或地址。');
    await q.fill('dvn1nobody');
    await page.getByTestId('explorer-search').click();
    await page.getByTestId('explorer-error').getByText('查询的地址不存在。').waitFor();
    await q.fill(soloAddress);
    await page.getByTestId('explorer-search').click();
    await page.waitForURL((u) => u.pathname === '/mobile/account/soloSummary' && u.searchParams.get('address') === soloAddress);
    await page.getByTestId('solo-cards').waitFor();

    // The ranking and a miner, masked.
    await page.goto(`${pool.url}/mobile/explorderIndex/overView?coin=MINE`);
    await page.getByTestId('to-ranking').click();
    await page.getByTestId('ranking').getByText('xf***1').click();
    await page.waitForURL((u) => u.pathname.startsWith('/mobile/explorderIndex/rankingDetail/'));
    await page.getByTestId('miner-cards').getByText('xf***1').waitFor();
    assert.equal(await page.getByText('xfarm01').count(), 0, 'the code is never shown');
    await shot(page, 'explorer-mobile-miner');
    await page.goto(`${pool.url}/mobile/explorderIndex/blockDetail/99999999?coin=MINE`);
    await page.getByTestId('block-not-found').getByText('没有这个区块。').waitFor();
  });
});
