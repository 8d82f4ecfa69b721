import type { DeviceStatus, HashRate } from './types';

/**
 * DeviceRow is a device as GET /pc/v1/pool/device/list gives it; the detail (GET
 * /pc/v1/pool/device/detail) carries the same fields and more, as the server's deviceDetail
 * embeds its deviceRow (internal/pool/handlers.go). Times are Unix ms (0: never).
 */
export interface DeviceRow {
  id: number;
  /** code is the full worker name, sub-account.suffix. */
  code: string;
  worker: string;
  subAccount: string;
  coin: string;
  alias: string;
  kind: string;
  status: DeviceStatus;
  realTimeHashRate: HashRate;
  dayHashRate: HashRate;
  /** onlineDuration is seconds; 0 when offline. */
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
