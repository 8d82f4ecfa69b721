import type { DeviceStatus, HashRate } from '../../model/types';

/** DeviceRow is a device as GET /pc/v1/pool/device/list gives it. */
export interface DeviceRow {
  id: number;
  code: string;
  worker: string;
  subAccount: string;
  coin: string;
  alias: string;
  kind: string;
  status: DeviceStatus;
  realTimeHashRate: HashRate;
  dayHashRate: HashRate;
  onlineDuration: number;
  lastUpdateTime: number;
  intranetIp: string;
  publicIp: string;
  region: string;
  temperature: number | null;
  bound: boolean;
  boundAt: number;
  initialising: boolean;
  burned: boolean;
}

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
