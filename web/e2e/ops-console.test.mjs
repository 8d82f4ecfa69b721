// The operator console (issue 32) against the real binary, on its --admin-http listener: an
// owner signs in and enrols the authenticator (the key read from the page), approves a
// withdrawal held for review (the coin's review threshold is low) with the code asked again,
// and sees it pay on devnet; freezes the user's withdrawals with a reason, and the user's
// next withdrawal is refused with the clear message (in the site's withdrawal dialog and
// through the API); the audit log shows it all. A viewer sees no write buttons, the API
// refuses a viewer's write, and signing out ends the session. An idle session goes back to
// sign-in. The console's page is not on the public listener.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { apiTicket, dragSlider, nextOutboxCode, shot, waitUntil } from './accounts.mjs';
import { DESKTOP, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { POOLD_BIN, freePort, skipReason } from './server.mjs';

/** devnetAddress is a devnet wallet address of a 20-byte key (internal/chain/devnet). */
function devnetAddress(seed) {
  const key = createHash('sha256').update(seed).digest().subarray(0, 20);
  const sum = createHash('sha256').update(key).digest().subarray(0, 2);
  return `dvn1${key.toString('hex')}${sum.toString('hex')}`;
}

/** totp is the RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 key at time ms. */
function totp(secret, ms) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.alloc(Math.floor(bits.length / 8));
  for (let i = 0; i < key.length; i++) key[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** addOperator runs `poold admin operator add` against the pool's database, the password on stdin. */
function addOperator(db, email, role, password) {
  return new Promise((resolve, reject) => {
    const child = spawn(POOLD_BIN, ['admin', '--db', db, 'operator', 'add', email, '--role', role, '--password-stdin'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`operator add ${email}: ${code}\n${out}`))));
    child.stdin.end(`${password}\n`);
  });
}

describe('operator console', { skip: skipReason(), timeout: 420_000 }, () => {
  let pool;
  let browser;
  let admin = '';
  let user;
  let outbox;
  let addressId = 0;
  let withdrawalId = 0;
  // The server's clock runs ahead of ours by this much (the test clock): codes are the server's.
  let skew = 0;
  const contexts = [];
  const owner = { email: 'owner@ops.example.com', password: 'a long owner password 1' };
  const viewer = { email: 'viewer@ops.example.com', password: 'a long viewer password 1' };
  const secrets = {};

  // Each code is of a new 30-second step on the server's clock: a code works once.
  const advance = async (seconds) => {
    const now = await pool.advanceClock(seconds);
    skew = now.getTime() - Date.now();
  };
  const codeFor = async (who) => {
    await advance(31);
    return totp(secrets[who], Date.now() + skew);
  };
  const userCode = async (scene) => {
    await advance(61); // the wait between two codes
    return nextOutboxCode(outbox, user.email, async () =>
      pool.api(user.token, 'GET', '/api/pc/v1/customer/email/code/send', { email: user.email, scenes: scene, ticket: await apiTicket(pool.url) }),
    );
  };
  const withdraw = async (amount, requestId) =>
    pool.api(user.token, 'POST', '/api/pc/v1/customer/withdraw/apply', {
      subAccount: 'payee', currencyType: 'MINE', amount, addressId, network: 'MINE', remark: '',
      verifyType: 'email', code: await userCode('withdraw'), requestId,
    });

  before(async () => {
    const adminPort = await freePort();
    [pool, browser] = await Promise.all([
      startPool({
        testClock: true,
        args: ['--payout-every', '2s', '--admin-http', `127.0.0.1:${adminPort}`],
        mineFlags: [
          '--driver-config', 'premine=100000000000', '--driver-config', 'block_time=3s',
          '--payout-confirmations', '2', '--min-withdraw', '100000', '--withdraw-fee', '10000',
          // Withdrawals above 0.01 MINE wait for an operator's review.
          '--withdraw-review-above', '1000000',
        ],
      }),
      launchBrowser(),
    ]);
    admin = `http://127.0.0.1:${adminPort}`;
    outbox = `${pool.dir}/outbox.log`;
    await addOperator(pool.db, owner.email, 'owner', owner.password);
    await addOperator(pool.db, viewer.email, 'viewer', viewer.password);

    // A miner earns, adds an address, and two days later has a settled balance past the
    // address's 48 hours.
    user = await pool.account(`payee.${Date.now()}@example.com`);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'payee', alias: 'Payee', defaultCoin: 'MINE' });
    pool.sim({ worker: 'payee.rig01', coin: 'MINE' });
    await waitUntil(
      async () => (await pool.api(user.token, 'GET', '/api/pc/v1/earnings/summary', {})).some((c) => c.coin === 'MINE' && /[1-9]/.test(c.settling)),
      { timeout: 150_000, interval: 1000, what: 'settling earnings' },
    );
    const entry = await pool.api(user.token, 'POST', '/api/pc/v1/customer/address/save', {
      currencyType: 'MINE', address: devnetAddress('e2e ops payee'), network: 'MINE', description: 'cold', verifyType: 'email', code: await userCode('addressBook'),
    });
    addressId = entry.id;
    await advance(49 * 3600);
    await waitUntil(
      async () => {
        const assets = await pool.api(user.token, 'GET', '/api/pc/v1/assets/overview', { subAccount: 'payee' });
        return assets.some((a) => a.coin === 'MINE' && Number(a.available) >= 0.1);
      },
      { timeout: 120_000, interval: 1000, what: 'a settled balance' },
    );
    // Above the review threshold: held for an operator.
    const w = await withdraw('0.05', 'ops-e2e-1');
    withdrawalId = w.id;
  });

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  const open = async (lang = 'en_US') => {
    const context = await browser.newContext(DESKTOP);
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
    return page;
  };

  /** signIn signs in at the console, enrolling the authenticator the first time (its key read from the page). */
  const signIn = async (page, who, creds) => {
    await page.goto(`${admin}/`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('ops-email').fill(creds.email);
    await page.getByTestId('ops-password').fill(creds.password);
    await page.getByTestId('ops-sign-in-submit').click();
    if (!secrets[who]) {
      await page.getByTestId('ops-enrol-qr').locator('svg').waitFor();
      secrets[who] = await page.getByTestId('ops-enrol-secret').getAttribute('data-full');
      assert.match(secrets[who], /^[A-Z2-7]{16,}=*$/);
      await shot(page, `ops-enrol-${who}`);
    }
    await page.getByTestId('ops-code').fill(await codeFor(who));
    await page.getByTestId('ops-code-submit').click();
    await page.getByTestId('ops-operator').getByText(creds.email).waitFor();
  };

  it('is not on the public listener', async () => {
    const res = await fetch(`${pool.url}/ops.html`);
    assert.equal(res.status, 404);
    const page = await fetch(`${pool.url}/withdrawals/1`).then((r) => r.text());
    assert.ok(!page.includes('ops-main') && !/<title>Operator console/.test(page), 'the public listener served the console');
    const console = await fetch(`${admin}/withdrawals/1`);
    assert.equal(console.status, 200);
    assert.match(console.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  });

  it('an owner enrols, approves a withdrawal in review with the code again, and it pays on devnet', async () => {
    const page = await open('en_US');
    await signIn(page, 'owner', owner);
    await page.getByTestId('ops-role').getByText('Owner').waitFor();
    // Every page of an owner, operators included.
    await page.getByTestId('ops-nav-operators').waitFor();
    await page.getByTestId('ops-overview-MINE').waitFor();
    // The node as the stratum process reports it, and the wallet against what is owed.
    await page.getByTestId('ops-node-MINE').waitFor();
    assert.equal(await page.getByTestId('ops-wallet-surplus-MINE').getAttribute('data-short'), 'false');
    await shot(page, 'ops-overview');
    // The coins, and their editing for an owner.
    await page.getByTestId('ops-nav-coins').click();
    await page.getByTestId('ops-coins').getByText('Minecoin').waitFor();
    await page.getByTestId('ops-coins-edit').click();
    await page.waitForURL((u) => u.pathname === '/coin-edit');
    await page.getByTestId('ops-coin-edit-list').waitFor();
    // The content area is in the menu too.
    await page.getByTestId('ops-nav-content').click();
    await page.waitForURL((u) => u.pathname === '/content');
    await page.getByTestId('ops-content-tabs').waitFor();
    // The blocks the rig found, with their status.
    await page.getByTestId('ops-nav-blocks').click();
    await page.getByTestId('ops-blocks').locator('tbody tr').first().getByTestId('ops-status').waitFor();

    await page.getByTestId('ops-nav-withdrawals').click();
    await page.getByTestId('ops-filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'In review' }).click();
    await page.getByTestId('ops-filter-apply').click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'review');
    const row = page.getByTestId('ops-withdrawals').locator('tbody tr').filter({ hasText: String(withdrawalId) }).first();
    await row.getByTestId('ops-status').getByText('In review').waitFor();
    await row.getByTestId('ops-withdrawal-link').click();
    await page.waitForURL((u) => u.pathname === `/withdrawals/${withdrawalId}`);
    await shot(page, 'ops-withdrawal-review');

    // A wrong code is refused in the modal; the right one approves.
    await page.getByTestId('ops-withdrawal-approve').click();
    await page.getByTestId('ops-approve-code').fill('000000');
    await page.getByTestId('ops-approve-submit').click();
    await page.getByTestId('ops-approve-error').waitFor();
    await page.getByTestId('ops-approve-code').fill(await codeFor('owner'));
    await page.getByTestId('ops-approve-submit').click();
    await page.getByTestId('ops-approve-code').waitFor({ state: 'hidden' });

    // The payout job sends it; the page follows it to broadcast or confirmed with its txid.
    await waitUntil(
      async () => ['broadcast', 'confirmed'].includes(await page.getByTestId('ops-status').first().getAttribute('data-status')),
      { timeout: 120_000, interval: 1000, what: 'the withdrawal paid' },
    );
    await waitUntil(async () => /^[0-9a-f]{64}$/.test((await page.getByTestId('ops-withdrawal-txid').getAttribute('data-full').catch(() => '')) ?? ''), {
      timeout: 60_000,
      interval: 1000,
      what: 'the txid',
    });
    await page.getByTestId('ops-audit').getByText('withdrawal.approve').waitFor();
    await shot(page, 'ops-withdrawal-paid');
    // Its payout is in the batches list.
    await page.getByTestId('ops-nav-payouts').click();
    await page.getByTestId('ops-payouts').locator('tbody tr').first().getByTestId('ops-status').waitFor();
  });

  it("an owner freezes the user's withdrawals with a reason; the user's next withdrawal is refused", async () => {
    const page = await open('en_US');
    await signIn(page, 'owner', owner);
    await page.getByTestId('ops-nav-users').click();
    await page.getByTestId('ops-user-search').locator('input').fill(user.email);
    await page.getByTestId('ops-user-search').locator('input').press('Enter');
    const result = page.getByTestId('ops-user-results').locator('tbody tr').first();
    await result.getByText('Email', { exact: true }).waitFor(); // what matched
    await result.getByTestId('ops-user-link').click();
    await page.waitForURL((u) => /^\/users\/\d+$/.test(u.pathname));
    await page.getByTestId('ops-user-freezes').getByText('Not frozen').waitFor();

    await page.getByTestId('ops-user-freezeWithdrawals').click();
    // No reason: refused in the modal before any call.
    await page.getByTestId('ops-user-freezeWithdrawals-modal-submit').click();
    await page.getByText('Give a reason for this action.').waitFor();
    await page.getByTestId('ops-user-freezeWithdrawals-modal-reason').fill('address dispute');
    await page.getByTestId('ops-user-freezeWithdrawals-modal-submit').click();
    await page.getByTestId('ops-user-freezes').getByText('Withdrawals frozen: address dispute').waitFor();
    await page.getByTestId('ops-user-unfreezeWithdrawals').waitFor();
    await shot(page, 'ops-user-frozen');

    // The user asks again on the site: refused, in words, in the withdrawal dialog.
    const frozen = 'Withdrawals from this account are frozen by the pool. Contact support.';
    const site = await browser.newContext(DESKTOP);
    contexts.push(site);
    await loggedIn(site, user, 'en_US');
    const mine = await site.newPage();
    mine.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
    await mine.goto(`${pool.url}/account/orePoolAssetsOverview?sub=payee&coin=MINE`);
    await mine.getByTestId('withdraw-MINE').click();
    await mine.getByTestId('withdraw-amount').fill('0.005');
    await advance(61); // the wait between two codes
    const code = await nextOutboxCode(outbox, user.email, async () => {
      await mine.getByTestId('code-button').click();
      await dragSlider(mine);
    });
    await mine.getByTestId('verify-code').fill(code);
    await mine.getByTestId('dialog-submit').click();
    await mine.getByTestId('form-error').getByText(frozen).waitFor();
    await shot(mine, 'ops-user-refused');
    // And through the API, with its error key.
    await assert.rejects(withdraw('0.005', 'ops-e2e-2'), (err) => {
      assert.equal(err.msg, frozen);
      return true;
    });

    // The audit log has the freeze, with its reason.
    await page.getByTestId('ops-nav-audit').click();
    await page.getByTestId('ops-audit-action').fill('user.');
    await page.getByTestId('ops-audit-apply').click();
    await page.waitForURL((u) => u.searchParams.get('action') === 'user.');
    const entry = page.getByTestId('ops-audit-log').locator('tbody tr').filter({ hasText: 'user.freeze.withdrawals' });
    await entry.getByRole('cell', { name: 'address dispute', exact: true }).waitFor();
    // The row says what changed, field by field; the whole before and after are a click away.
    await entry.getByTestId('ops-audit-change').getByText('withdrawalsFrozen:').waitFor();
    assert.match(await entry.getByTestId('ops-audit-change').innerText(), /withdrawalsFrozen:\s*false\s*→\s*true/);
    await entry.getByTestId('ops-audit-details').click();
    const details = page.getByRole('dialog');
    await details.getByText('"withdrawalsFrozenReason": "address dispute"').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    assert.equal(await page.getByTestId('ops-audit-csv').getAttribute('href'), '/ops/api/v1/audit.csv?action=user.');
  });

  it('a viewer sees no write buttons, and the API refuses a viewer write', async () => {
    const page = await open('zh_CN');
    await signIn(page, 'viewer', viewer);
    await page.getByTestId('ops-role').getByText('只读').waitFor();
    await page.getByTestId('ops-nav-audit').waitFor();
    assert.equal(await page.getByTestId('ops-nav-operators').count(), 0, 'a viewer sees the operators page');
    assert.equal(await page.getByTestId('ops-nav-coinEdit').count(), 0, 'a viewer sees coin editing');
    await page.goto(`${admin}/users?q=${encodeURIComponent(user.email)}`);
    await page.getByTestId('ops-user-link').click();
    await page.getByTestId('ops-user-freezes').waitFor();
    assert.equal(await page.getByTestId('ops-user-actions').count(), 0, 'a viewer sees the user actions');
    const userId = page.url().split('/').pop();
    const answer = await page.evaluate(async (id) => {
      const res = await fetch(`/ops/api/v1/users/${id}/unfreeze`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', language: 'zh_CN' },
        body: JSON.stringify({ what: 'withdrawals', reason: 'viewer tries' }),
      });
      return { status: res.status, body: await res.json() };
    }, userId);
    assert.equal(answer.status, 403);
    assert.equal(answer.body.data.error, 'ops.forbidden');
    await page.goto(`${admin}/withdrawals/${withdrawalId}`);
    await page.getByTestId('ops-withdrawal-order').waitFor();
    assert.equal(await page.getByTestId('ops-withdrawal-actions').count(), 0);
    // Signing out ends the session: the console asks to sign in again.
    await page.getByTestId('ops-sign-out').click();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(await page.evaluate(async () => (await fetch('/ops/api/v1/me')).status), 401);
  });

  it('a session unused for 30 minutes sends back to sign-in', async () => {
    const page = await open('en_US');
    await signIn(page, 'owner', owner);
    await advance(31 * 60);
    await page.getByTestId('ops-nav-blocks').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('ops-sign-in').waitFor();
  });
});
