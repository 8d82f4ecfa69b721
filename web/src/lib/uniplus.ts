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
