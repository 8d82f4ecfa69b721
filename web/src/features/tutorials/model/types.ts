// Shapes of the calls the tutorials read (internal/coin/handlers.go ChainType and
// internal/pool/handlers.go subAccountView and uniplusView).
import type { UniplusConnection } from '@/lib/uniplus';

/** PoolCoin is one coin of GET /pc/v1/currency/list, as the tutorials use it. */
export interface PoolCoin {
  type: string;
  name: string;
  algorithm: string;
  /** status is 1 when the coin is open for mining, 0 when closed. */
  status: number;
  /** driver is the chain driver; "devnet" coins run on the pool's development network. */
  driver: string;
  /** stratumUrls are the addresses to mine at: the main pool first, then the backups. */
  stratumUrls: string[];
}

/** SubAccount is one row of GET /pc/v1/pool/subaccount/list. */
export interface SubAccount {
  code: string;
  alias: string;
  defaultCoin: string;
  deviceCount: number;
}

/** UniplusInfo is GET /pc/v1/pool/subaccount/uniplus as the tutorials read it (null uniplusId). */
export type UniplusInfo = UniplusConnection;
