import { describe, expect, it } from 'vitest';
import type { DeviceOverclock } from '../../overclock/model/types';
import { deviceRow } from '../../model/device-fixture';
import { DASH } from './format';
import type { DeviceDetail } from './types';
import { comparisonFigures, heroFigures, shareCounts, miningFacts, networkFacts, onlineText, overclockChips, overclockFacts, pageStateText, systemFacts, usages, type MachineTexts } from './view';

// Texts that echo their key and parameters, so a test sees which text was picked with what.
const echo = (key: string, o?: Record<string, unknown>) => (o ? `${key}${JSON.stringify(o)}` : key);
const x: MachineTexts = { t: echo, tp: (k) => `pool:${k}`, to: (k) => `oc:${k}`, lang: 'en_US' };

const rate = (show: string, unit = 'MH/s') => ({ hashRate: Number(show), show, unit });

function device(over: Partial<DeviceDetail> = {}): DeviceDetail {
  return {
    ...deviceRow({
      id: 7,
      code: 'miner1.rig01',
      worker: 'rig01',
      subAccount: 'miner1',
      coin: 'ETC',
      realTimeHashRate: rate('120.5'),
      dayHashRate: rate('118.0'),
      onlineDuration: 3700,
      lastUpdateTime: 1_700_000_000_000,
      intranetIp: '10.0.0.8',
    }),
    minerRunning: true,
    minerSoftware: 'T-Rex',
    minerVersion: '0.26.8',
    os: 'Ubuntu',
    osVersion: '22.04',
    driverVersion: '',
    cpuModel: '',
    cpuTemp: 48.4,
    cpuUsage: 12,
    memTotal: 8 * 2 ** 30,
    memUsed: 2 * 2 ** 30,
    diskTotal: null,
    diskUsed: null,
    runningPool: 'stratum+tcp://127.0.0.1:3333',
    gpus: [],
    accepted: 12345,
    rejected: 2,
    stale: 0,
    firstSeenAt: 0,
    lastShareAt: 0,
    lastReportAt: 0,
    onlineSince: 1_700_000_000_000,
    reportedHashRate: null,
    effectiveLow: rate('100.0'),
    effectiveHigh: rate('140.0'),
    windowShares: 321,
    windowFull: true,
    ...over,
  };
}

const value = (rows: ReturnType<typeof miningFacts>, testId: string) => rows.find((r) => r.testId === testId)?.value;

describe('device detail view', () => {
  it('says how long an online device has run, and offline for an offline one', () => {
    expect(onlineText(device(), { days: 0, hours: 1, minutes: 1 }, x)).toBe('duration.hm{"days":0,"hours":1,"minutes":1}');
    expect(onlineText(device({ status: 'offline' }), { days: 0, hours: 1, minutes: 1 }, x)).toBe('duration.offline');
    expect(onlineText(device(), null, x)).toBe('duration.offline');
  });

  it('gives hashrates with their units and the online time as text', () => {
    const figures = heroFigures(device(), null, x);
    expect(figures.map((f) => f.testId)).toEqual(['machine-realtime', 'machine-day', 'machine-online', undefined]);
    expect(figures[0]).toMatchObject({ value: '120.5', unit: 'MH/s' });
    expect(figures[2].unit).toBeUndefined();
  });

  it('says when the rig reported no hashrate of its own, and writes the range with one unit', () => {
    const [reported, , range, shares] = comparisonFigures(device(), x);
    expect(reported.value).toBe('compare.notReported');
    expect(range.value).toBe('100.0 – 140.0 MH/s');
    expect(shares.value).toBe('321');
    expect(comparisonFigures(device({ windowShares: 4321 }), x)[3].value).toBe('4,321');
    expect(comparisonFigures(device({ reportedHashRate: rate('119.9') }), x)[0].value).toBe('119.9 MH/s');
  });

  it('groups share counts in the app language, not the browser one', () => {
    expect(shareCounts(device(), x)[0].value).toBe('12,345');
    expect(shareCounts(device(), { ...x, lang: 'ko_KR' })[0].value).toBe('12,345');
  });

  it('joins OS and version, and shows unknown values as a dash', () => {
    const rows = systemFacts(device(), x);
    expect(rows[0].value).toEqual({ kind: 'text', text: 'Ubuntu 22.04' });
    expect(rows[1].value).toEqual({ kind: 'text', text: DASH });
    expect(rows[3].value).toEqual({ kind: 'text', text: '48 °C' });
  });

  it('offers the miner pool address for copying, and a dash without one', () => {
    expect(value(miningFacts(device(), x), 'mining-pool')).toEqual({ kind: 'copy', text: 'stratum+tcp://127.0.0.1:3333', copyLabel: 'mining.copyPool' });
    expect(value(miningFacts(device({ runningPool: '' }), x), 'mining-pool')).toEqual({ kind: 'text', text: DASH });
    expect(miningFacts(device({ minerRunning: false }), x)[1].value).toEqual({ kind: 'flag', ok: false, text: 'mining.runningNo' });
    expect(miningFacts(device({ minerRunning: null }), x)[1].value).toEqual({ kind: 'text', text: DASH });
  });

  it('shows no online-since time for an offline device', () => {
    const since = (d: DeviceDetail) => networkFacts(d, x).at(-1)!.value;
    expect(since(device({ status: 'offline' }))).toEqual({ kind: 'text', text: DASH });
    expect(since(device())).not.toEqual({ kind: 'text', text: DASH });
    expect(networkFacts(device(), x)[0].value).toEqual({ kind: 'mono', text: '10.0.0.8' });
  });

  it('writes memory as used of total and leaves the CPU without a detail', () => {
    const bars = usages(device(), { cpu: { percent: 12, level: 'ok' }, mem: { percent: 25, level: 'ok' }, disk: { percent: null, level: 'unknown' } }, x);
    expect(bars.map((b) => b.testId)).toEqual(['usage-cpu', 'usage-mem', 'usage-disk']);
    expect(bars[0].detail).toBe('');
    expect(bars[1].detail).toBe('system.of{"used":"2.0 GB","total":"8.0 GB"}');
    expect(bars[2].percent).toBeNull();
  });

  it("lists the agent's message only when there is one, and the settings with units", () => {
    const oc: DeviceOverclock = {
      deviceId: 7,
      worker: 'rig01',
      coin: 'ETC',
      state: 'failed',
      factory: false,
      templateId: 3,
      templateName: 'quiet',
      settings: { coreClock: 150, coreClockLock: null, memClock: null, memClockLock: null, power: 120, fan: null },
      message: 'nvidia-smi: insufficient permissions',
      version: 2,
      requestedAt: 1,
      acknowledgedAt: 0,
    };
    const rows = overclockFacts(oc, x);
    expect(rows.at(-1)).toMatchObject({ testId: 'overclock-message', value: { kind: 'text', text: 'nvidia-smi: insufficient permissions' } });
    expect(overclockFacts({ ...oc, message: '' }, x).some((r) => r.testId === 'overclock-message')).toBe(false);
    expect(overclockFacts({ ...oc, factory: true }, x)[0].value).toEqual({ kind: 'text', text: 'overclock.factory' });
    expect(overclockChips(oc, x).map((c) => c.label)).toEqual(['oc:settings.coreClock', 'oc:settings.power']);
  });

  it('explains each page state', () => {
    expect(pageStateText('noId', 'ignored', x)).toEqual({ title: 'state.noIdTitle', body: 'state.noIdBody' });
    expect(pageStateText('refused', 'not yours', x)).toEqual({ title: 'state.refusedTitle', body: 'not yours' });
  });
});
