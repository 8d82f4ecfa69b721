import { describe, expect, it } from 'vitest';
import { countStates, hasPending, pollInterval, STATUS_POLL_MS, stateTone } from './status';
import type { DeviceOverclock, OverclockState } from './types';

const dev = (deviceId: number, state: OverclockState): DeviceOverclock => ({
  deviceId,
  worker: `alice.rig${deviceId}`,
  coin: 'MINE',
  state,
  factory: false,
  templateId: 1,
  templateName: 'Eco',
  settings: { coreClock: 150, coreClockLock: null, memClock: null, memClockLock: null, power: null, fan: null },
  message: '',
  version: 1,
  requestedAt: 1,
  acknowledgedAt: 0,
});

describe('request progress', () => {
  it('polls while any device is pending, then stops', () => {
    expect(pollInterval([dev(1, 'applied'), dev(2, 'pending')])).toBe(STATUS_POLL_MS);
    expect(pollInterval([dev(1, 'applied'), dev(2, 'failed')])).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
    expect(hasPending([])).toBe(false);
  });
  it('counts states', () => {
    expect(countStates([dev(1, 'applied'), dev(2, 'pending'), dev(3, 'pending'), dev(4, 'none')])).toEqual({ none: 1, pending: 2, applied: 1, failed: 0 });
  });
  it('gives each state a tone', () => {
    expect(stateTone('pending')).toBe('processing');
    expect(stateTone('applied')).toBe('success');
    expect(stateTone('failed')).toBe('error');
    expect(stateTone('none')).toBe('default');
  });
});
