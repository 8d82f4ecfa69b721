// The block explorer on the desktop against the real binary: a rig mines blocks through the
// pool (on this devnet every share is one), and a visitor sees the network figures, the node's
// latest blocks with the pool's marked, the pool's blocks with status and masked finder, a
// block by its link and by a search, an unknown address refused with the SPEC's message, and
// the ranking with a miner's page. In English.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, launchBrowser } from './browser.mjs';
import { startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

describe('block explorer', { skip: skipReason(), timeout: 300_000 }, () => {
  let pool;
  let browser;
  let rig;
  let context;

  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
    const user = await pool.account(`explorer.${Date.now()}@example.com`);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'xfarm01', alias: 'Farm', defaultCoin: 'MINE' });
    rig = pool.sim({ worker: 'xfarm01.rig01' });
    await waitUntil(
      async () => {
        const res = await fetch(`${pool.url}/api/pc/v1/explorer/overview?coin=MINE`);
        const body = await res.json();
        return body.code === 0 && body.data.poolBlocks.length > 0;
      },
      { what: 'a block found by the pool', timeout: 90_000 },
    );
    context = await browser.newContext(DESKTOP);
    await context.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  });
  after(async () => {
    await context?.close().catch(() => {});
    await rig?.stop();
    await browser?.close();
    await pool?.stop();
  });

  it('overview, a block by link and by search, an unknown address, the ranking and a miner', async () => {
    const page = await context.newPage();
    await page.goto(`${pool.url}/explorderIndex`);
    await page.waitForURL((u) => u.pathname === '/explorderIndex/overView');
    await page.getByTestId('explorer-cards').getByText('Pool share of the network').waitFor();
    // The coin the pool mines here.
    await page.getByTestId('explorer-coin').click();
    await page.locator('.ant-select-item-option', { hasText: 'Minecoin' }).click();
    await page.waitForURL((u) => u.searchParams.get('coin') === 'MINE');
    const poolRow = page.getByTestId('pool-blocks').locator('tbody tr').first();
    await poolRow.getByText('xf***1').waitFor(); // the sub-account, masked
    assert.match(await poolRow.getByTestId('block-status').textContent(), /Pending|Confirmed/);
    await page.getByTestId('latest-blocks').getByText(/^Pool · /).first().waitFor();
    await shot(page, 'explorer-desktop-overview');

    // A pool block by its link: the block with the pool's record.
    const height = Number((await poolRow.locator('a').first().textContent()).trim());
    await poolRow.locator('a').first().click();
    await page.getByTestId('block-detail').waitFor();
    await page.getByTestId('block-pool').getByText('xf***1').waitFor();
    assert.equal((await page.getByTestId('block-txids').locator('li').count()) >= 1, true);
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

    // The ranking: the miner, masked, and its page.
    await page.goto(`${pool.url}/explorderIndex/rankingList?coin=MINE`);
    const miner = page.getByTestId('ranking').getByRole('link', { name: 'xf***1' });
    await miner.waitFor();
    await shot(page, 'explorer-desktop-ranking');
    await miner.click();
    await page.getByTestId('miner-cards').getByText('xf***1').waitFor();
    assert.equal(await page.getByText('xfarm01').count(), 0, 'the code is never shown');
    await page.goto(`${pool.url}/explorderIndex/blockDetail/99999999?coin=MINE`);
    await page.getByTestId('block-not-found').waitFor();
  });
});
