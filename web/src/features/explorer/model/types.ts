// The block explorer as the API gives it (docs/explorer.md; openapi tag explorer).
import type { HashRate } from '@/lib/hashrate';

export interface ExplorerCoin {
  type: string;
  name: string;
  iconUrl: string;
  status: number;
  stratumUrls: string[];
  soloUrls: string[];
}

export interface PoolBlock {
  height: number;
  hash: string;
  status: 'pending' | 'confirmed' | 'orphaned';
  confirmations: number;
  maturity: number;
  /** effort is work since the previous block over the block's difficulty; 0 unknown. */
  effort: number;
  finder: string;
  solo: boolean;
  reward: string;
  foundAt: number;
}

export interface ChainBlock {
  height: number;
  hash: string;
  time: number;
  txCount: number;
  size: number;
  reward: string;
  pool: boolean;
  finder: string;
}

export interface Overview {
  coin: string;
  height: number;
  difficulty: number;
  networkHashRate: HashRate;
  poolHashRate: HashRate;
  poolShare: number;
  reward: string;
  unit: string;
  blocks24h: number;
  maturity: number;
  latestBlocks: ChainBlock[];
  poolBlocks: PoolBlock[];
}

export interface BlockDetail extends ChainBlock {
  confirmations: number;
  difficulty: number;
  prevHash: string;
  nextHash: string;
  txids: string[];
  poolBlock: PoolBlock | null;
}

export interface RankedMiner {
  rank: number;
  id: string;
  miner: string;
  hashRate24h: HashRate;
  share: number;
  blocks30d: number;
}

export interface Ranking {
  by: 'hashrate' | 'blocks';
  miners: number;
  rows: RankedMiner[];
}

export interface RankedDetail {
  id: string;
  miner: string;
  rank: number;
  hashRate24h: HashRate;
  blocks30d: number;
  chart: { time: number; hashRate: HashRate }[];
  blocks: PoolBlock[];
}

export interface SearchResult {
  kind: 'block' | 'transaction' | 'address';
  height?: number;
  hash?: string;
  txid?: string;
  address?: string;
}

/** Transaction is a transaction the pool's payouts or the node's wallet know (explorer/transaction). */
export interface Transaction {
  txid: string;
  /** pool: one of the pool's payouts (its records say what it pays). */
  pool: boolean;
  /** status: pending until `required` confirmations, then confirmed; failed never confirms. */
  status: 'pending' | 'confirmed' | 'failed';
  confirmations: number;
  required: number;
  /** blockHash is '' and blockHeight -1 while no block holds it. */
  blockHash: string;
  blockHeight: number;
  /** time is Unix ms (0 unknown). */
  time: number;
  /** networkFee is '' when unknown. */
  networkFee: string;
  unit: string;
  outputs: { address: string; amount: string }[];
  /** total is the outputs' sum, '' without outputs. */
  total: string;
}
