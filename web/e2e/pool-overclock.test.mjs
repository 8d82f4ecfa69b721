// Device detail, the GPU page and overclocking end to end against the real binary: a
// sub-account with a simulated rig (`poold sim`) that mines MINE and reports two GPUs as
// the device agent, at desktop size in English and at phone size in Korean.
//
// `poold sim` is the rig's device agent too: it reports telemetry every minute and pulls
// pending overclock settings every 10 s (GET /api/agent/v1/overclock/pending), applies them
// to its simulated GPUs and acknowledges them (POST .../ack, "applied by the simulated
// agent"), so the pages see a request go from pending to applied on their own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

const SUB = 'ocrig';
const WORKER = 'rig01';

describe('device detail and overclocking', { skip: skipReason(), timeout: 300_000 }, () => {
  let pool;
  let browser;
  let user;
  let uniplusId;
  let deviceId;
  let lockId;
  const contexts = [];

  /** agent calls the agent API as the rig's device agent would. */
  const agent = async (method, pathname, body) => {
    const url = new URL(pathname, pool.url);
    const init = { method, headers: { 'content-type': 'application/json', 'x-uniplus-id': uniplusId, language: 'en_US' } };
    if (method === 'GET') for (const [k, v] of Object.entries(body ?? {})) url.searchParams.set(k, String(v));
    else init.body = JSON.stringify(body);
    const env = await (await fetch(url, init)).json();
    assert.equal(env.code, 0, `${method} ${pathname}: ${env.msg}`);
    return env.data;
  };

  /** SIM_ACK is the message the simulated agent acknowledges with. */
  const SIM_ACK = 'applied by the simulated agent';
  /** ACK_WAIT covers the simulated agent's 10 s between two pulls, and the page's 3 s between two readings. */
  const ACK_WAIT = 25_000;

  /** statusOf reads the device's overclock state through the API. */
  const statusOf = async () => (await pool.api(user.token, 'GET', '/api/pc/v1/pool/overclock/device/status', { deviceIds: deviceId }))[0];

  const newPage = async (options, lang) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await loggedIn(context, user, lang);
    return context.newPage();
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
    user = await pool.account(`oc.${Date.now()}@example.com`);
    // The create answer is the only read of the Uniplus ID (the pool keeps its hash).
    ({ uniplusId } = await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: SUB, alias: 'Lab', defaultCoin: 'MINE' }));
    pool.sim({ worker: `${SUB}.${WORKER}`, uniplusId, coin: 'MINE' });
    // A device on LOCK (no machineDetailFlag), reported by its agent.
    const lock = await agent('POST', '/api/agent/v1/report', { worker: 'lock01', coin: 'LOCK', hardware: { minerRunning: true }, gpus: [] });
    lockId = lock.deviceId;
    const detail = await waitUntil(
      async () => {
        const list = await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/list', { coin: 'MINE' });
        const row = list.rows.find((r) => r.worker === WORKER);
        if (!row) return null;
        const d = await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/detail', { id: row.id });
        return d.gpus.length === 2 ? d : null;
      },
      { timeout: 60_000, interval: 500, what: 'the simulated rig with its two GPUs' },
    );
    deviceId = detail.id;
  });

  after(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await pool?.stop();
  });

  describe('desktop, English', () => {
    let page;
    before(async () => {
      page = await newPage(DESKTOP, 'en_US');
    });

    it('shows every section of the device and its GPU rows', async () => {
      await page.goto(`${pool.url}/account/orePoolMachineDetail?id=${deviceId}`);
      await page.getByTestId('machine-detail').waitFor();
      assert.equal(await page.getByTestId('machine-worker').innerText(), `${SUB}.${WORKER}`);
      assert.match(await page.getByTestId('machine-status').innerText(), /Normal|Abnormal/);
      for (const id of ['machine-hero', 'machine-compare', 'machine-overclock', 'machine-chart', 'machine-gpus', 'machine-system', 'machine-mining', 'machine-network']) {
        assert.ok(await page.getByTestId(id).isVisible(), id);
      }
      const rows = page.getByTestId('gpu-table').locator('tbody tr.ant-table-row');
      assert.equal(await rows.count(), 2);
      assert.match(await rows.first().innerText(), /RTX 3070[\s\S]*Running[\s\S]*MHz[\s\S]*GDDR6 Samsung[\s\S]*NVIDIA/);
      assert.equal(await page.getByTestId('system-cpu').innerText(), 'Intel Celeron G3930');
      assert.equal(await page.getByTestId('system-os').innerText(), 'Uniplus OS 1.4.2');
      assert.match(await page.getByTestId('usage-mem').innerText(), /25%\s+2\.0 GB of 8\.0 GB/);
      assert.match(await page.getByTestId('usage-disk').innerText(), /14\.1%/);
      assert.equal(await page.getByTestId('mining-software').innerText(), 'uniplus-sim 1.0');
      assert.equal(await page.getByTestId('network-intranet').innerText(), '192.168.1.50');
      assert.match(await page.getByTestId('compare-explain').innerText(), /few shares/);
      assert.match(await page.getByTestId('compare-range').innerText(), /–/);
      assert.match(await page.getByTestId('overclock-none').innerText(), /Factory settings/);
      // The chart: 144 ten-minute points for 24 hours, 168 hourly for 7 days.
      await page.locator('[data-testid="hashrate-chart"][data-points="144"]').waitFor();
      await page.getByTestId('machine-chart').getByText('7 days').click();
      await page.locator('[data-testid="hashrate-chart"][data-points="168"]').waitFor();
      await shot(page, 'desktop-machine-detail');
    });

    it('says why a device cannot be shown, and asks for one when none is named', async () => {
      await page.goto(`${pool.url}/account/orePoolMachineDetail?id=${lockId}`);
      await page.getByTestId('machine-refused').waitFor();
      assert.match(await page.getByTestId('machine-refused').innerText(), /LOCK does not support viewing device details\./);
      await shot(page, 'desktop-machine-refused');
      await page.goto(`${pool.url}/account/orePoolMachineDetail`);
      await page.getByTestId('machine-noId').getByText('No device chosen').waitFor();
    });

    it('creates a template: the form shows a broken rule first, then the server refuses a duplicate name', async () => {
      await page.goto(`${pool.url}/account/orePoolOverclockManage`);
      await page.getByTestId('templates-empty').waitFor();
      await shot(page, 'desktop-overclock-empty');
      // Each rule chip names its field (issue 31).
      assert.equal((await page.getByTestId('overclock-rule-coreClock').textContent()).trim(), 'Core clock offset: MHz, a multiple of 15; a negative value lowers the clock.');
      assert.match(await page.getByTestId('overclock-rule-memClock').textContent(), /^Memory clock offset: MHz\. Enter DOUBLE/);
      assert.match(await page.getByTestId('overclock-rule-power').textContent(), /^Power limit: W; 0 keeps/);
      await page.getByTestId('template-create').click();
      const form = page.getByTestId('template-form');
      await form.waitFor();
      assert.match(await form.innerText(), /Not supported: LOCK/);
      await page.getByTestId('template-name').fill('Eco 3070');
      await page.getByTestId('template-coreClock').fill('1000');
      await form.getByText('Enter a multiple of 15.').waitFor();
      await page.getByTestId('template-memClock').fill('1000');
      await form.getByText('MSI Afterburner shows +500 MHz.').waitFor();
      assert.match(await form.innerText(), /DOUBLE the value shown in tuning tools such as MSI Afterburner/);
      await shot(page, 'desktop-overclock-form-error');
      // Nothing is sent while a rule is broken.
      await page.getByTestId('template-submit').click();
      await form.getByText('Enter a multiple of 15.').waitFor();
      await page.getByTestId('template-coreClock').fill('990');
      await page.getByTestId('template-power').fill('0');
      await page.getByTestId('template-submit').click();
      await page.getByText('Template saved.').waitFor();
      await page.getByTestId('template-row-name').filter({ hasText: 'Eco 3070' }).waitFor();
      await form.waitFor({ state: 'detached' });

      await page.getByTestId('template-create').click();
      await page.getByTestId('template-name').fill('Eco 3070');
      await page.getByTestId('template-fan').fill('70');
      await page.getByTestId('template-submit').click();
      await page.getByTestId('template-server-error').getByText('You already have a template named Eco 3070 for MINE.').waitFor();
      await shot(page, 'desktop-overclock-form-refused');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await shot(page, 'desktop-overclock-manage');
    });

    it('applies the template to the device and follows it until the rig applied it', async () => {
      const { rows } = await pool.api(user.token, 'GET', '/api/pc/v1/pool/overclock/template/list', { page: 1, pageSize: 10 });
      const tpl = rows.find((r) => r.name === 'Eco 3070');
      await page.getByTestId(`apply-${tpl.id}`).click();
      await page.getByTestId('overclock-set').waitFor();
      await page.getByTestId('device-table').getByText(`${SUB}.${WORKER}`).waitFor();
      assert.match(await page.getByTestId('template-step').innerText(), /Core clock\s+\+990 MHz[\s\S]*Memory clock\s+\+1000 MHz/);
      await page.getByTestId(`pick-${deviceId}`).check();
      await page.getByTestId('apply-submit').click();
      await page.getByText('Settings sent. Each device shows pending until its rig applies them.').waitFor();
      await page.getByTestId('progress').waitFor();
      await shot(page, 'desktop-overclock-pending');
      await page.getByTestId('progress-summary').getByText('Applied 1 · Pending 0 · Failed 0').waitFor({ timeout: ACK_WAIT });
      await page.getByTestId('progress').locator(`[data-state="applied"]`).getByText(SIM_ACK).waitFor();
      const state = await statusOf();
      assert.equal(state.templateName, 'Eco 3070');
      assert.equal(state.settings.coreClock, 990);
      assert.equal(state.settings.memClock, 1000);
      await shot(page, 'desktop-overclock-applied');

      await page.goto(`${pool.url}/account/orePoolMachineDetail?id=${deviceId}`);
      await page.getByTestId('overclock-state').getByText('Applied').waitFor();
      assert.equal(await page.getByTestId('overclock-template').innerText(), 'Eco 3070');
      assert.equal(await page.getByTestId('overclock-message').innerText(), SIM_ACK);
    });

    it('restores factory settings after a confirmation', async () => {
      await page.goto(`${pool.url}/account/orePoolOverclockCancel`);
      await page.getByTestId('device-table').getByText(`${SUB}.${WORKER}`).waitFor();
      await page.getByTestId(`oc-state-${deviceId}`).getByText('Applied', { exact: true }).waitFor();
      await page.getByTestId(`pick-${deviceId}`).check();
      await page.getByTestId('cancel-submit').click();
      await page.getByText('Restore factory settings?').waitFor();
      await shot(page, 'desktop-overclock-cancel-confirm');
      await page.getByTestId('cancel-confirm').click();
      await page.getByText('Factory settings sent. Each device shows pending until its rig applies them.').waitFor();
      await page.getByTestId('progress-summary').getByText('Applied 1 · Pending 0 · Failed 0').waitFor({ timeout: ACK_WAIT });
      const state = await statusOf();
      assert.equal(state.factory, true);
      assert.equal(state.state, 'applied');
      await shot(page, 'desktop-overclock-cancelled');
    });
  });

  describe('phone, Korean', () => {
    let page;
    before(async () => {
      page = await newPage(PHONE, 'ko_KR');
    });

    it('shows the device, and its GPUs on their own page', async () => {
      await page.goto(`${pool.url}/mobile/account/orePoolMachineDetail?id=${deviceId}`);
      await page.getByTestId('machine-detail').waitFor();
      assert.equal(await page.getByTestId('machine-worker').innerText(), `${SUB}.${WORKER}`);
      for (const id of ['machine-hero', 'machine-compare', 'machine-chart', 'machine-overclock', 'machine-system', 'machine-usage', 'machine-mining', 'machine-network']) {
        assert.ok(await page.getByTestId(id).isVisible(), id);
      }
      assert.match(await page.getByTestId('compare-explain').innerText(), /셰어가 적으면/);
      assert.equal(await page.getByTestId('mining-software').innerText(), 'uniplus-sim 1.0');
      await page.locator('[data-testid="hashrate-chart"][data-points="144"]').waitFor();
      await shot(page, 'phone-machine-detail');
      await page.getByTestId('gpu-link').click();
      await page.getByTestId('video-card').waitFor();
      const cards = page.getByTestId('gpu-card');
      assert.equal(await cards.count(), 2);
      assert.match(await cards.first().innerText(), /RTX 3070[\s\S]*작동 중[\s\S]*GDDR6 Samsung[\s\S]*NVIDIA/);
      await shot(page, 'phone-video-card');
      await page.getByTestId('gpu-back').click();
      await page.getByTestId('machine-detail').waitFor();
    });

    it('creates a template with a broken rule shown first, applies it and sees it applied', async () => {
      await page.goto(`${pool.url}/mobile/account/orePoolOverclockManage`);
      await page.locator('[data-testid="template-card"], [data-testid="templates-empty"]').first().waitFor();
      // The rule chips, each naming its field, in Korean and within the screen (issue 31).
      assert.match(await page.getByTestId('overclock-rule-coreClock').textContent(), /^코어 클럭 오프셋: MHz/);
      assert.match(await page.getByTestId('overclock-rule-memClock').textContent(), /^메모리 클럭 오프셋: /);
      assert.match(await page.getByTestId('overclock-rule-power').textContent(), /^전력 제한: /);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.viewport.width, 'nothing wider than the screen');
      await shot(page, 'phone-overclock-rules');
      await page.getByTestId('template-create').click();
      const form = page.getByTestId('template-form');
      await form.waitFor();
      await page.getByTestId('template-name').locator('input').fill('절전 3070');
      await page.getByTestId('template-coreClock').locator('input').fill('1000');
      await form.getByText('15의 배수를 입력하세요.').waitFor();
      await page.getByTestId('template-memClock').locator('input').fill('1000');
      await form.getByText('MSI Afterburner에서는 +500 MHz로 표시됩니다.').waitFor();
      await shot(page, 'phone-overclock-form-error');
      await page.getByTestId('template-coreClock').locator('input').fill('-150');
      await page.getByTestId('template-submit').click();
      await form.waitFor({ state: 'detached' });
      await page.getByTestId('template-row-name').filter({ hasText: '절전 3070' }).waitFor();
      await shot(page, 'phone-overclock-manage');

      const { rows } = await pool.api(user.token, 'GET', '/api/pc/v1/pool/overclock/template/list', { page: 1, pageSize: 10 });
      const tpl = rows.find((r) => r.name === '절전 3070');
      await page.getByTestId(`apply-${tpl.id}`).click();
      await page.getByTestId('overclock-set').waitFor();
      await page.getByTestId('device-picker').getByText(`${SUB}.${WORKER}`).waitFor();
      await page.getByTestId(`pick-${deviceId}`).click();
      await page.getByTestId('apply-submit').click();
      await page.getByTestId('progress').waitFor();
      await shot(page, 'phone-overclock-pending');
      await page.getByTestId('progress-summary').getByText('적용됨 1 · 대기 중 0 · 실패 0').waitFor({ timeout: ACK_WAIT });
      assert.equal((await statusOf()).settings.coreClock, -150);
      await shot(page, 'phone-overclock-applied');
    });
  });

  it('shows a new rig’s own rate once it has mined a whole minute, and no warning before the window is full', async () => {
    // Once per suite: the real-time hashrate needs the first whole minute (up to ~2 minutes).
    const d = await waitUntil(
      async () => {
        const v = await pool.api(user.token, 'GET', '/api/pc/v1/pool/device/detail', { id: deviceId });
        return v.realTimeHashRate.hashRate > 0 && !v.realTimeHashRate.measuring && v.reportedHashRate ? v : null;
      },
      { timeout: 150_000, interval: 2000, what: 'a real-time hashrate' },
    );
    // The rig is minutes old: the pool's figure is over the time since its first share, so
    // it reads about the rig's own (shares over the whole 15 minutes read a fifth of it or less).
    const ratio = d.realTimeHashRate.hashRate / d.reportedHashRate.hashRate;
    assert.ok(ratio > 0.33 && ratio < 3, `pool ${d.realTimeHashRate.hashRate} H/s against the rig's ${d.reportedHashRate.hashRate} H/s`);
    assert.equal(d.windowFull, false);
    const desktop = contexts[0].pages()[0];
    await desktop.goto(`${pool.url}/account/orePoolMachineDetail?id=${deviceId}`);
    await desktop.getByTestId('machine-detail').waitFor();
    assert.doesNotMatch(await desktop.getByTestId('machine-realtime').innerText(), /^0\.00 |Measuring/);
    assert.ok(Number((await desktop.getByTestId('compare-shares').innerText()).replace(/,/g, '')) > 0);
    assert.match(await desktop.getByTestId('compare-verdict').innerText(), /started mining less than 15 minutes ago/);
    await shot(desktop, 'desktop-machine-detail-live');
    const phone = contexts[1].pages()[0];
    await phone.goto(`${pool.url}/mobile/account/orePoolMachineDetail?id=${deviceId}`);
    await phone.getByTestId('machine-detail').waitFor();
    assert.match(await phone.getByTestId('compare-verdict').innerText(), /15분이 되지 않았습니다/);
    await shot(phone, 'phone-machine-detail-live');
  });
});
