// How the explorer writes what it shows.

/** formatEffort writes an effort as a percentage of a block's average work: 1.5 is "150%". */
export function formatEffort(effort: number): string {
  if (!Number.isFinite(effort) || effort <= 0) return '—';
  return `${(effort * 100).toFixed(effort < 0.1 ? 2 : 1)}%`;
}

/** formatShare writes the pool's share of the network. */
export function formatShare(p: number): string {
  if (!Number.isFinite(p) || p <= 0) return '0%';
  if (p < 0.0001) return '<0.01%';
  return `${(p * 100).toFixed(p < 0.01 ? 2 : 1)}%`;
}

/** confirmationsOf writes a pool block's progress: "3/10", or "—" once orphaned. */
export function confirmationsOf(confirmations: number, maturity: number): string {
  if (confirmations < 0) return '—';
  return `${Math.min(confirmations, maturity)}/${maturity}`;
}

/** shortHash keeps a hash's ends. */
export function shortHash(h: string, keep = 10): string {
  return h.length <= keep * 2 + 1 ? h : `${h.slice(0, keep)}…${h.slice(-keep)}`;
}

/**
 * finderIsAddress tells a solo block's finder (the miner's address, public on chain, worth
 * copying) from a pool block's (its sub-account code masked with "*", docs/explorer.md).
 */
export function finderIsAddress(finder: string): boolean {
  return finder !== '' && !finder.includes('*');
}

/** parseHeight reads a block height from an address (digits only), or null. */
export function parseHeight(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw)) return null;
  return Number(raw);
}

/** trimAmount drops a decimal amount's trailing zeros for a headline figure: "3.12500000" is "3.125". */
export function trimAmount(amount: string): string {
  if (!/^-?\d+\.\d+$/.test(amount)) return amount;
  return amount.replace(/\.?0+$/, '');
}

/** BlockState is what a block page's title says of the block. */
export type BlockState = 'confirmed' | 'unconfirmed' | 'orphaned' | 'block';

/**
 * blockState reads a block's state for its page's title: a pool block by its status
 * (pending is unconfirmed, however many confirmations it has so far), any block off the
 * main chain orphaned, another block of the chain plain "block".
 */
export function blockState(b: { confirmations: number; poolBlock: { status: PoolBlockStatus } | null }): BlockState {
  if (b.poolBlock) return b.poolBlock.status === 'pending' ? 'unconfirmed' : b.poolBlock.status;
  return b.confirmations < 0 ? 'orphaned' : 'block';
}

type PoolBlockStatus = 'pending' | 'confirmed' | 'orphaned';

/** TXID_PATTERN is a transaction hash as the search and the tx address parameter take it. */
const TXID_PATTERN = /^[0-9a-fA-F]{64}$/;

/** parseTxid reads a transaction hash from an address (?tx=), lower case, or null. */
export function parseTxid(raw: string | null | undefined): string | null {
  const s = (raw ?? '').trim();
  return TXID_PATTERN.test(s) ? s.toLowerCase() : null;
}
