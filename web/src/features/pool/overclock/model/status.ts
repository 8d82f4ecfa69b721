// A request's progress over the devices it went to.
import type { DeviceOverclock, OverclockState } from './types';

/** hasPending tells whether any device still waits for its rig to answer. */
export function hasPending(list: readonly DeviceOverclock[] | undefined): boolean {
  return !!list && list.some((d) => d.state === 'pending');
}

/** StateCounts counts devices by overclock state. */
export type StateCounts = Record<OverclockState, number>;

/** countStates counts the devices of each state. */
export function countStates(list: readonly DeviceOverclock[] | undefined): StateCounts {
  const out: StateCounts = { none: 0, pending: 0, applied: 0, failed: 0 };
  for (const d of list ?? []) out[d.state] = (out[d.state] ?? 0) + 1;
  return out;
}

/** STATUS_POLL_MS is how often a request's progress is read while a device is pending. */
export const STATUS_POLL_MS = 3000;

/** pollInterval is the status query's refetch interval: every STATUS_POLL_MS while something is pending. */
export function pollInterval(list: readonly DeviceOverclock[] | undefined): number | false {
  return hasPending(list) ? STATUS_POLL_MS : false;
}

/** stateTone maps a state to a colour family the pages share. */
export function stateTone(state: OverclockState): 'default' | 'processing' | 'success' | 'error' {
  switch (state) {
    case 'pending':
      return 'processing';
    case 'applied':
      return 'success';
    case 'failed':
      return 'error';
    default:
      return 'default';
  }
}
