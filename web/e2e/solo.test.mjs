// Solo mode against the real binary: a simulated rig mines over TCP to the pool's solo port
// with a wallet address as its worker name; a visitor (no login) searches: an empty search
// and an unknown address get the SPEC's messages, the rig's address opens its summary (hashrate,
// rigs, best shares, chance of a block, share records) and its rigs. Desktop in English,
// the phone in Simplified Chinese with the recent searches.
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

describe('solo mode', { skip: skipReason(), timeout: 300_000 }, () => {
  let pool;
  let browser;
  let rig;
  const address = devnetAddress('e2e solo miner');
  const contexts = [];

  const newPage = async (options, lang) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    return context.newPage();
  };
  /** fill types into the address box (antd's input, or antd-mobile's inside its wrapper). */
  const fill = async (page, value) => {
    const box = page.getByTestId('solo-address');
    const tag = await box.evaluate((n) => n.tagName);
    await (tag === 'INPUT' ? box : box.locator('input')).fill(value);
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool({ solo: true }), launchBrowser()]);
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
    assert.match(await page.getByTestId('solo-url').first().textContent(), new RegExp(`^stratum\\+tcp://.+:${pool.ports.SOLO}$`));
    await page.getByTestId('solo-submit').click();
    assert.equal((await page.getByTestId('solo-error').textContent()).trim(), 'Please enter the address to query.');
    await fill(page, devnetAddress('nobody mines here'));
    await page.getByTestId('solo-submit').click();
    await page.getByTestId('solo-error').getByText('The query address does not exist.').waitFor();
    await shot(page, 'solo-desktop-unknown');

    await fill(page, `  ${address} `);
    await page.getByTestId('solo-submit').click();
    await page.waitForURL((u) => u.pathname === '/account/soloSummary' && u.searchParams.get('address') === address);
    const cards = page.getByTestId('solo-cards');
    await cards.waitFor();
    await cards.getByText('1 of 1').waitFor(); // one rig online
    await page.getByTestId('solo-chance').getByText('Expected time to a block').waitFor();
    const shares = page.getByTestId('solo-shares');
    await shares.getByRole('cell', { name: 'rig01' }).first().waitFor();
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
    await page.getByTestId('solo-submit').click();
    assert.equal((await page.getByTestId('solo-error').textContent()).trim(), '请输入要查询的地址。');
    await fill(page, devnetAddress('nobody mines here'));
    await page.getByTestId('solo-submit').click();
    await page.getByTestId('solo-error').getByText('查询的地址不存在。').waitFor();
    await fill(page, address);
    await page.getByTestId('solo-submit').click();
    await page.waitForURL((u) => u.pathname === '/mobile/account/soloSummary');
    await page.getByTestId('solo-cards').getByText('1 / 1').waitFor();
    await page.getByTestId('solo-chance').getByText('预计出块时间').waitFor();
    await page.getByTestId('solo-shares').getByText('rig01').first().waitFor();
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
  });
});
