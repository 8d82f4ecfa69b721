// Shapes shared by every pool-mode screen. Each area (sub-accounts, devices,
// overclock) keeps its own types in its folder; the server's shapes are in
// internal/app/openapi.json.

/** HashRate is a hashrate on the wire: H/s plus the display value and unit (docs/architecture.md). */
export interface HashRate {
  hashRate: number;
  show: string;
  unit: string;
}

/** Page is one page of a paged list. */
export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  rows: T[];
}

/** PAGE_SIZES are the table page sizes (SPEC section 9); the first is the default. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** ChainType is a coin as GET /pc/v1/currency/list gives it, with its capability flags. */
export interface ChainType {
  type: string;
  name: string;
  aliasName: string;
  algorithm: string;
  chainUnit: string;
  minHashUnit: string;
  iconUrl: string;
  logoUrl: string;
  /** 1 open, 0 closed */
  status: number;
  label: string;
  value: string;
  driver: string;
  currencyChangeFlag: boolean;
  machineBindFlag: boolean;
  machineDetailFlag: boolean;
  gpuOverclockingFlag: boolean;
  createdAt: number;
  updatedAt: number;
  stratumUrls: string[];
}

/** DeviceStatus is SPEC section 4's device status. */
export type DeviceStatus = 'normal' | 'abnormal' | 'offline';
export const DEVICE_STATUSES: DeviceStatus[] = ['normal', 'abnormal', 'offline'];

/** HistoryRange is a hashrate chart's span: 24 h in 10-minute points, 7 days hourly, 30 days daily. */
export type HistoryRange = '24h' | '7d' | '30d';
export const HISTORY_RANGES: HistoryRange[] = ['24h', '7d', '30d'];

/** HistoryPoint is one bucket of a hashrate history (time is the bucket's start, Unix ms). */
export interface HistoryPoint {
  time: number;
  hashRate: number;
  accepted: number;
  rejected: number;
  stale: number;
}

/** SubAccount is a sub-account as the list shows it. */
export interface SubAccount {
  code: string;
  alias: string;
  defaultCoin: string;
  deviceCount: number;
  onlineCount: number;
  realTimeHashRate: HashRate;
  dayHashRate: HashRate;
  addTime: number;
}
