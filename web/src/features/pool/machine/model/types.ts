// One device as GET /pc/v1/pool/device/detail gives it (internal/pool/handlers.go
// deviceDetail: every field of SPEC section 3 "Device" and "GPU").
import type { DeviceRow } from '../../model/device';
import type { HashRate } from '../../model/types';

/** GpuStatus is a card's state as the agent reports it. */
export type GpuStatus = 'up' | 'down';

/** Gpu is one graphics card; a null number is unknown. */
export interface Gpu {
  index: number;
  model: string;
  status: GpuStatus | string;
  /** hashrate is the miner's own figure, H/s. */
  hashrate: number | null;
  hashRateShow: HashRate;
  temperature: number | null;
  fan: number | null;
  power: number | null;
  coreClock: number | null;
  memoryClock: number | null;
  memoryModel: string;
  manufacturer: string;
}

/** DeviceDetail is every field of a device: the list's row and more. Times are Unix ms (0: never), sizes bytes. */
export interface DeviceDetail extends DeviceRow {
  minerRunning: boolean | null;
  minerSoftware: string;
  minerVersion: string;
  os: string;
  osVersion: string;
  driverVersion: string;
  cpuModel: string;
  cpuTemp: number | null;
  cpuUsage: number | null;
  memTotal: number | null;
  memUsed: number | null;
  diskTotal: number | null;
  diskUsed: number | null;
  runningPool: string;
  gpus: Gpu[];
  accepted: number;
  rejected: number;
  stale: number;
  firstSeenAt: number;
  lastShareAt: number;
  lastReportAt: number;
  onlineSince: number;
  /** reportedHashRate is the rig's own figure (its agent's GPUs summed), null without one. */
  reportedHashRate: HashRate | null;
  /** effectiveLow..effectiveHigh is the 95% range of the pool's real-time figure. */
  effectiveLow: HashRate;
  effectiveHigh: HashRate;
  /** windowShares is the accepted shares in the real-time window. */
  windowShares: number;
  /** windowFull: the device mined the whole real-time window (before, no verdict against its own figure). */
  windowFull: boolean;
}
