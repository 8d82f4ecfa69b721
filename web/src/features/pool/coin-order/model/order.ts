// The order a miner gives their coins (SPEC section 7 "Common": saveSortCurrency): the
// dialog's draft is a list of coin types, moved one place at a time.

/** moveType moves type one place up (by -1) or down (by 1); at either end, or when absent, the order is unchanged. */
export function moveType(order: readonly string[], type: string, by: -1 | 1): string[] {
  const from = order.indexOf(type);
  const to = from + by;
  const next = [...order];
  if (from < 0 || to < 0 || to >= order.length) return next;
  next[from] = order[to]!;
  next[to] = type;
  return next;
}

/** canMove says whether type can move one place that way. */
export function canMove(order: readonly string[], type: string, by: -1 | 1): boolean {
  const from = order.indexOf(type);
  return from >= 0 && from + by >= 0 && from + by < order.length;
}

/**
 * arrange gives coins in order: those order names first, as it names them, then the
 * others in the order they came (as the server places coins a saved order leaves out);
 * types order names that are not among coins are dropped.
 */
export function arrange<T extends { type: string }>(coins: readonly T[], order: readonly string[]): T[] {
  const at = new Map(order.map((type, i) => [type, i]));
  const named = coins.filter((c) => at.has(c.type)).sort((a, b) => at.get(a.type)! - at.get(b.type)!);
  return [...named, ...coins.filter((c) => !at.has(c.type))];
}

/** sameOrder says whether two orders list the same types in the same places. */
export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((type, i) => type === b[i]);
}
