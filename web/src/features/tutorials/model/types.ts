// Shapes of the calls the tutorials read (internal/coin/handlers.go ChainType and
// internal/pool/handlers.go subAccountView and uniplusView).

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

/**
 * UniplusInfo is GET /pc/v1/pool/subaccount/uniplus: what a rig needs to connect, and the
 * ID's prefix (the pool keeps only a hash of the ID; uniplusId is null on this read).
 */
export interface UniplusInfo {
  code: string;
  uniplusId: string | null;
  uniplusPrefix: string;
  coin: string;
  stratumUrl: string;
  stratumUrls: string[];
  /** workerName is a template such as "alice.{worker}". */
  workerName: string;
  workerExample: string;
}
