// A device for the pool screens' tests: one place that knows every field a DeviceRow has.
import type { DeviceRow } from './device';

const none = { hashRate: 0, show: '0', unit: 'H/s' };

/** deviceRow is a bound GPU rig of sub-account alice with no figures yet, over the fields a test gives. */
export function deviceRow(over: Partial<DeviceRow> = {}): DeviceRow {
  return {
    id: 1,
    code: 'alice.rig',
    worker: 'rig',
    subAccount: 'alice',
    coin: 'MINE',
    alias: '',
    kind: 'gpu',
    status: 'normal',
    realTimeHashRate: none,
    dayHashRate: none,
    onlineDuration: 0,
    lastUpdateTime: 0,
    intranetIp: '',
    publicIp: '',
    region: '',
    temperature: null,
    bound: true,
    boundAt: 0,
    initialising: false,
    burned: false,
    ...over,
  };
}
