// Helpers for the pool-mode browser tests: a pool with two devnet coins on free
// stratum ports (MINE with every capability flag, LOCK with none), a logged-in
// account made through the API, and a simulated rig (`poold sim`) that mines to a
// worker name and reports GPUs as the device agent would.
//
//   const pool = await startPool();
//   const user = await pool.account('a@example.com');
//   const sub = await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'alice', alias: '', defaultCoin: 'MINE' });
//   const rig = pool.sim({ worker: 'alice.rig01', uniplusId: sub.uniplusId, coin: 'MINE' }); // shown once: create's answer
//   ... await rig.stop(); await pool.stop();
import { spawn } from 'node:child_process';
import { apiAccount, latestOutboxCode, waitUntil } from './accounts.mjs';
import { POOLD_BIN, freePort, startPoold } from './server.mjs';

/**
 * startPool starts poold with coins MINE (open, bind, detail, overclock, switchable)
 * and LOCK (open, every capability flag off), each on its own free stratum port;
 * mineFlags add `coin add` flags to MINE; soloLock gives LOCK a solo port too (so the
 * solo pages have two coins to choose from).
 */
export async function startPool({ args = [], testClock = false, mineFlags = [], solo = false, soloLock = false } = {}) {
  const minePort = await freePort();
  const lockPort = await freePort();
  // solo: MINE also has a solo port (docs/solo.md), 1% fee.
  const soloPort = solo ? await freePort() : 0;
  const soloFlags = solo ? ['--solo-ports', String(soloPort), '--solo-fee-bps', '100'] : [];
  const lockSoloPort = soloLock ? await freePort() : 0;
  const lockSoloFlags = soloLock ? ['--solo-ports', String(lockSoloPort), '--solo-fee-bps', '100'] : [];
  const coin = (type, name, port, flags) => [
    'admin', 'coin', 'add', type, '--name', name, '--algorithm', 'sha256d', '--unit', type, '--decimals', '8',
    '--driver', 'devnet', '--ports', String(port), '--open=true',
    // A share every few seconds from a simulated rig (the devnet's default, 1/1024, takes a
    // 50 kH/s rig over a minute a share, and a loaded CI machine several): the pages have
    // hashrate within a minute or two.
    '--driver-config', 'start_difficulty=0.00005', '--driver-config', 'share_interval=5s',
    ...flags,
  ];
  const server = await startPoold({
    testClock,
    setup: [
      coin('MINE', 'Minecoin', minePort, ['--bind', '--detail', '--overclock', '--switchable', ...soloFlags, ...mineFlags]),
      coin('LOCK', 'Lockcoin', lockPort, ['--bind=false', '--detail=false', '--overclock=false', '--switchable=false', ...lockSoloFlags]),
    ],
    args: ({ dir }) => ['--stratum-bind', '127.0.0.1', '--outbox', `${dir}/outbox.log`, ...args],
  });
  const outbox = `${server.dir}/outbox.log`;
  const sims = new Set();

  /** api calls the pool with a token; it answers data, or throws with the code and message. */
  async function api(token, method, pathname, body) {
    const url = new URL(pathname, server.url);
    const init = { method, headers: { 'content-type': 'application/json', language: 'en_US' } };
    if (token) init.headers['x-token'] = token;
    if (body && method === 'GET') for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v));
    else if (body) init.body = JSON.stringify(body);
    const env = await (await fetch(url, init)).json();
    if (env.code !== 0) throw Object.assign(new Error(`${method} ${pathname}: code ${env.code} ${env.msg}`), { code: env.code, msg: env.msg });
    return env.data;
  }

  return {
    ...server,
    ports: { MINE: minePort, LOCK: lockPort, SOLO: soloPort, LOCK_SOLO: lockSoloPort },
    api,
    /** account registers and logs in an email account; it answers {email, password, token, user}. */
    async account(email) {
      return apiAccount(server.url, {
        email,
        readCode: (to) => waitUntil(() => latestOutboxCode(outbox, to), { what: `the register code for ${to}` }),
      });
    },
    /**
     * sim runs `poold sim` mining to one worker on the coin's port; with uniplusId it
     * also reports as the device agent (GPUs, miner) to this pool. stop() ends it.
     */
    sim({ worker, coin = 'MINE', uniplusId = '', extra = [], solo = false }) {
      const port = solo ? soloPort : coin === 'LOCK' ? lockPort : minePort;
      const simArgs = ['sim', '--stratum', `127.0.0.1:${port}`, '--workers', worker, '--report', '1h', ...extra];
      if (uniplusId) simArgs.push('--agent-url', server.url, '--uniplus-id', uniplusId, '--coin', coin);
      const child = spawn(POOLD_BIN, simArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
      const logs = [];
      child.stdout.on('data', (b) => logs.push(String(b)));
      child.stderr.on('data', (b) => logs.push(String(b)));
      const rig = {
        logs,
        stop() {
          sims.delete(rig);
          if (child.exitCode !== null) return Promise.resolve();
          return new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          });
        },
      };
      sims.add(rig);
      return rig;
    },
    async stop() {
      await Promise.all([...sims].map((s) => s.stop()));
      await server.stop();
    },
  };
}

/** loggedIn makes a browser context start with the token, user and language in storage. */
export async function loggedIn(context, { token, user }, lang = 'en_US') {
  await context.addInitScript(
    ([t, u, l]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userInfo', u);
      localStorage.setItem('lang', l);
    },
    [token, JSON.stringify(user), lang],
  );
}
