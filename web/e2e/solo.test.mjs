// Solo mode against the real binary: a simulated rig mines over TCP to the pool's solo port
// with a wallet address as its worker name; a visitor (no login) searches: the coin chosen is
// remembered for the next visit (localStorage chainTypeInfoSolo, a coin gone falls back to the
// first), an empty search and an unknown address get the SPEC's messages, the rig's address
// opens its summary (hashrate, rigs, best shares, chance of a block, share records with their
// epoch; a failed page of them says so and its retry loads it) and its rigs; how to connect
// gives the miner's command line with the address typed, to copy. Desktop in
// English, the phone in Simplified Chinese with the recent searches.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser, storageItem } from './browser.mjs';
import { startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

/** devnetAddress is a devnet wallet address of a 20-byte key (internal/chain/devnet). */
function devnetAddress(seed) {
  const key = createHash('sha256').update(seed).digest().subarray(0, 20);
  const sum = createHash('sha256').update(key).digest().subarray(0, 2);
  return `dvn1${key.toString('hex')}${sum.toString('hex')}`;
}

describe('solo mode', { skip: skipReason(), timeout: 420_000 }, () => {
  let pool;
  let browser;
  let rig;
  const address = devnetAddress('e2e solo miner');
  const contexts = [];

  const newPage = async (options, lang) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    return context.newPage();
  };
  /** fill types into the address box (antd's input, or antd-mobile's inside its wrapper). */
  const fill = async (page, value) => {
    const box = page.getByTestId('solo-address');
    const tag = await box.evaluate((n) => n.tagName);
    await (tag === 'INPUT' ? box : box.locator('input')).fill(value);
  };

  /** failShares makes the next `times` calls for share records that match answer 500. */
  const failShares = async (page, times, match = () => true) => {
    let left = times;
    await page.route(
      (u) => u.pathname === '/api/pc/v1/solo/shares' && match(u),
      (route) => (left-- > 0 ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'down for a moment' }) : route.continue()),
    );
  };
  /** sharesAt is the API's share records of the address, newest first. */
  const sharesAt = async (pageSize = 50) => {
    const res = await fetch(`${pool.url}/api/pc/v1/solo/shares?coin=MINE&address=${address}&page=1&pageSize=${pageSize}`);
    return (await res.json()).data;
  };

  before(async () => {
    // LOCK mines solo too: the search has two coins (LOCK listed first).
    [pool, browser] = await Promise.all([startPool({ solo: true, soloLock: true }), launchBrowser()]);
    rig = pool.sim({ worker: `${address}.rig01`, solo: true });
    // Shares are written every 5 s (a block at once: on this devnet every share is one);
    // the pages read them.
    await waitUntil(
      async () => {
        const res = await fetch(`${pool.url}/api/pc/v1/solo/workers?coin=MINE&address=${address}`);
        const body = await res.json();
        return body.code === 0 && body.data.length === 1;
      },
      { what: 'the solo miner’s first shares', timeout: 90_000 },
    );
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await rig?.stop();
    await browser?.close();
    await pool?.stop();
  });

  it('desktop: empty and unknown searches are refused; the address opens its summary and rigs, in English', async () => {
    const page = await newPage(DESKTOP, 'en_US');
    await page.goto(`${pool.url}/account/soloSearch`);
    await page.getByTestId('solo-search').waitFor();
    // The first visit starts on the first coin; the coin chosen is the next visit's.
    const chosenCoin = () => page.getByTestId('solo-coin').locator('.ant-select-selection-item').textContent();
    assert.equal(await chosenCoin(), 'Lockcoin');
    assert.match(await page.getByTestId('solo-url').first().textContent(), new RegExp(`^stratum\\+tcp://.+:${pool.ports.LOCK_SOLO}$`));
    const pickMine = async () => {
      await page.getByTestId('solo-coin').click();
      await page.locator('.ant-select-item-option', { hasText: 'Minecoin' }).click();
    };
    await pickMine();
    assert.deepEqual(JSON.parse(await storageItem(page, 'chainTypeInfoSolo')), { type: 'MINE', name: 'Minecoin' });
    await page.reload();
    await page.getByTestId('solo-search').waitFor();
    assert.equal(await chosenCoin(), 'Minecoin');
    assert.match(await page.getByTestId('solo-url').first().textContent(), new RegExp(`^stratum\\+tcp://.+:${pool.ports.SOLO}$`));
    // A remembered coin that no longer mines solo: the first coin again.
    await page.evaluate(() => localStorage.setItem('chainTypeInfoSolo', JSON.stringify({ type: 'GONE', name: 'Gonecoin' })));
    await page.reload();
    await page.getByTestId('solo-search').waitFor();
    assert.equal(await chosenCoin(), 'Lockcoin');
    await pickMine();
    // How to connect gives the miner's command line (a devnet coin: cpuminer, sha256d), its
    // user the payout address: a placeholder until one is typed, then the address typed,
    // each with its copy button (issue 31).
    const soloUrl = (await page.getByTestId('solo-url').first().textContent()).trim();
    const command = page.getByTestId('miner-command-cpuminer').getByTestId('miner-command');
    assert.equal((await command.textContent()).trim(), `cpuminer -a sha256d -o ${soloUrl} -u YOUR_WALLET_ADDRESS -p x`);
    await page.getByTestId('solo-submit').click();
    assert.equal((await page.getByTestId('solo-error').textContent()).trim(), 'Please enter the address to query.');
    await fill(page, devnetAddress('nobody mines here'));
    await page.getByTestId('solo-submit').click();
    await page.getByTestId('solo-error').getByText('The query address does not exist.').waitFor();
    await shot(page, 'solo-desktop-unknown');

    // The share records fail to load (twice: the first try and its automatic retry): the
    // list says so with a retry, which loads them.
    await failShares(page, 2);
    await fill(page, `  ${address} `);
    const withAddress = `cpuminer -a sha256d -o ${soloUrl} -u ${address} -p x`;
    await page.getByTestId('miner-command-cpuminer').getByText(withAddress).waitFor();
    await page.getByRole('button', { name: 'Copy the cpuminer command' }).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), withAddress);
    await shot(page, 'solo-desktop-commands');
    await page.getByTestId('solo-submit').click();
    await page.waitForURL((u) => u.pathname === '/account/soloSummary' && u.searchParams.get('address') === address);
    const cards = page.getByTestId('solo-cards');
    await cards.waitFor();
    await cards.getByText('1 of 1').waitFor(); // one rig online
    await page.getByTestId('solo-chance').getByText('Expected time to a block').waitFor();
    const shares = page.getByTestId('solo-shares');
    await shares.getByText('This could not be loaded.').waitFor();
    assert.equal(await shares.getByRole('cell').count(), 0, 'no "no shares" table under the error');
    assert.equal((await shares.getByTestId('retry').textContent()).trim(), 'Try again');
    await shot(page, 'solo-desktop-shares-failed');
    await shares.getByTestId('retry').click();
    await shares.getByRole('cell', { name: 'rig01' }).first().waitFor();
    await page.unrouteAll();
    assert.equal(await shares.getByText('This could not be loaded.').count(), 0);
    // Each record has its epoch (SPEC "Solo share record"), as the API gives it.
    const head = await shares.locator('thead th').allTextContents();
    const row = (await shares.locator('tbody tr').first().locator('td').allTextContents()).map((x) => x.trim());
    const api = await sharesAt();
    const rec = api.rows.find((r) => String(r.blockHeight) === row[head.indexOf('Block height')]);
    assert.ok(rec, `the API has the share at height ${row[head.indexOf('Block height')]}`);
    assert.equal(row[head.indexOf('Epoch')], String(rec.epoch));
    assert.equal(await page.getByTestId('solo-target').textContent(), address);
    await shot(page, 'solo-desktop-summary');

    await page.getByTestId('solo-to-soloEquipment').click();
    const workers = page.getByTestId('solo-workers');
    await workers.getByRole('cell', { name: 'rig01' }).waitFor();
    await workers.getByText('Online').waitFor();
    await shot(page, 'solo-desktop-equipment');
    // The search remembers the address for this coin.
    await page.getByTestId('solo-change').click();
    await page.getByTestId('solo-recent').getByText(address).waitFor();
  });

  it('phone: the search, the summary with its share records and the rigs, in Simplified Chinese', async () => {
    const page = await newPage(PHONE, 'zh_CN');
    await page.goto(`${pool.url}/mobile/account/soloSearch`);
    await page.getByTestId('solo-search').waitFor();
    await page.getByTestId('solo-coin').getByText('MINE', { exact: true }).click();
    assert.equal(JSON.parse(await storageItem(page, 'chainTypeInfoSolo')).type, 'MINE');
    await page.getByTestId('solo-submit').click();
    assert.equal((await page.getByTestId('solo-error').textContent()).trim(), '请输入要查询的地址。');
    await fill(page, devnetAddress('nobody mines here'));
    await page.getByTestId('solo-submit').click();
    await page.getByTestId('solo-error').getByText('查询的地址不存在。').waitFor();
    // The first page of share records fails: the list says so, and its retry loads it.
    await failShares(page, 2);
    await fill(page, address);
    // The miner's command line with the address typed, its copy button, within the screen.
    const soloUrl = (await page.getByTestId('solo-url').first().textContent()).trim();
    const withAddress = `cpuminer -a sha256d -o ${soloUrl} -u ${address} -p x`;
    await page.getByTestId('miner-command-cpuminer').getByText(withAddress).waitFor();
    await page.getByRole('button', { name: '复制 cpuminer 命令' }).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), withAddress);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.viewport.width, 'nothing wider than the screen');
    await shot(page, 'solo-phone-commands');
    await page.getByTestId('solo-submit').click();
    await page.waitForURL((u) => u.pathname === '/mobile/account/soloSummary');
    await page.getByTestId('solo-cards').getByText('1 / 1').waitFor();
    await page.getByTestId('solo-chance').getByText('预计出块时间').waitFor();
    const shares = page.getByTestId('solo-shares');
    await shares.getByText('加载失败。').waitFor();
    assert.equal((await shares.getByTestId('retry').textContent()).trim(), '重试');
    await shares.getByTestId('retry').click();
    await shares.getByText('rig01').first().waitFor();
    await page.unrouteAll();
    // Each record shows its epoch beside its height, as the API gives them.
    const line = await page.getByTestId('solo-share').first().locator('.adm-list-item-description').textContent();
    const [, height, epoch] = line.match(/区块高度 (\d+) · Epoch (\d+)/) ?? [];
    assert.ok(height, `a height and an epoch in "${line}"`);
    const rec = (await sharesAt()).rows.find((r) => String(r.blockHeight) === height);
    assert.equal(epoch, String(rec.epoch));
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.viewport.width, 'nothing wider than the screen');
    await shot(page, 'solo-phone-summary');
    await page.getByTestId('solo-to-soloEquipment').click();
    await page.getByTestId('solo-worker').getByText('在线').waitFor();
    await shot(page, 'solo-phone-equipment');
    // Back to the search: the address is among the recent ones and opens again in one tap.
    await page.getByTestId('solo-change').click();
    await page.getByTestId('solo-recent').getByText(address).click();
    await page.waitForURL((u) => u.pathname === '/mobile/account/soloSummary');
    await waitUntil(async () => (await page.getByTestId('solo-cards').count()) === 1, { what: 'the summary again' });

    // A next page that fails stops the scroll with a retry, which loads it. The rig sends a
    // share every few seconds: wait for more than one page (20) of them.
    await waitUntil(async () => (await sharesAt(10)).total > 20, { what: 'more than 20 shares', timeout: 180_000, interval: 2000 });
    await failShares(page, 2, (u) => u.searchParams.get('page') === '2');
    await page.reload();
    await page.getByTestId('solo-share').first().waitFor();
    assert.equal(await page.getByTestId('solo-share').count(), 20);
    await page.getByTestId('solo-shares-more').scrollIntoViewIfNeeded();
    const retry = page.getByTestId('solo-shares-retry');
    await retry.waitFor();
    assert.equal((await retry.textContent()).trim(), '重试');
    await shot(page, 'solo-phone-next-page-failed');
    await retry.click();
    await waitUntil(async () => (await page.getByTestId('solo-share').count()) > 20, { what: 'the second page' });
    assert.equal(await retry.count(), 0);
  });
});
