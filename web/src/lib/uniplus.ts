// A Uniplus ID as the pages may show it. The pool keeps only a hash of the ID
// (docs/mining.md "Uniplus IDs"): the ID itself is known right after create or
// regenerate, and afterwards only its prefix ("UP-" and 4 hex digits), shown masked. The
// sub-account pages and the tutorials both show it.

/** MASK stands for the hidden rest of an ID. */
export const MASK = '••••••••';

/** maskUniplus is the masked form of an ID whose kept prefix is prefix ("UP-3f9a" -> "UP-3f9a••••••••"). */
export function maskUniplus(prefix: string): string {
  return `${prefix || 'UP-'}${MASK}`;
}

/**
 * UniplusConnection is GET /pc/v1/pool/subaccount/uniplus (and the regenerate answer): what a
 * rig needs to connect to a sub-account, with the ID's prefix. uniplusId is there only in the
 * answer of regenerate (null on every read).
 */
export interface UniplusConnection {
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
