// Solo mining as the API gives it (docs/solo.md; internal/app/openapi.json, tag solo).
import type { HashRate } from '@/lib/hashrate';

export type { HashRate };

/** SoloCoin is a coin of the currency list, with its solo ports. */
export interface SoloCoin {
  type: string;
  name: string;
  iconUrl: string;
  algorithm: string;
  /** driver serves the coin (bitcoind, devnet, ...); with the algorithm it decides what the port speaks (lib/miner-commands). */
  driver?: string;
  status: number;
  /** soloUrls are where solo miners connect; empty: no solo mining. */
  soloUrls: string[];
  soloFeeRate: number;
}

/** SoloTarget is what the solo pages show: one address on one coin. */
export interface SoloTarget {
  coin: string;
  address: string;
}

export interface SoloChance {
  /** expectedSeconds to a block at the hour's hashrate; 0 without hashrate. */
  expectedSeconds: number;
  day: number;
  month: number;
  year: number;
}

export interface SoloSummary {
  coin: string;
  address: string;
  hashRate10m: HashRate;
  hashRate1h: HashRate;
  hashRate24h: HashRate;
  workersOnline: number;
  workers: number;
  bestShareSession: number;
  bestShareDay: number;
  bestShareEver: number;
  blocksFound: number;
  lastShareAt: number;
  networkDifficulty: number;
  networkHashRate: HashRate;
  feeRate: number;
  chance: SoloChance;
}

export interface SoloWorker {
  /** worker is the rig after the address; '' for the bare address. */
  worker: string;
  hashRate10m: HashRate;
  hashRate1h: HashRate;
  hashRate24h: HashRate;
  bestShare: number;
  lastShareAt: number;
  online: boolean;
}

export interface SoloShare {
  id: number;
  worker: string;
  submitTime: number;
  blockHeight: number;
  epoch: number;
  difficulty: number;
  shareDifficulty: number;
  networkDifficulty: number;
  block: boolean;
}

export interface SoloSharePage {
  total: number;
  page: number;
  pageSize: number;
  rows: SoloShare[];
}

export interface SoloPoint {
  time: number;
  hashRate: HashRate;
}
