import type { HashRate } from '../../model/types';

export type { DeviceRow } from '../../model/device';

/** Overview is GET /pc/v1/pool/device/overview's answer. */
export interface Overview {
  coin: string;
  counts: { total: number; normal: number; abnormal: number; offline: number; bound: number; unbound: number };
  realTimeHashRate: HashRate;
  dayHashRate: HashRate;
  accepted: number;
  rejected: number;
  stale: number;
}
