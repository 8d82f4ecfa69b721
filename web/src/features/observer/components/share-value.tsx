import type { ReactNode } from 'react';
import type { ShareRow } from '../hooks/use-observer-entry';

/**
 * ShareValue is the value of one line of what an observer link shares: its coins, each
 * drawn by tag (the size's own tag widget), or its text (in a span marked testId when the
 * line has one).
 */
export function ShareValue({ row, tag }: { row: ShareRow; tag: (coin: string) => ReactNode }) {
  if (row.coins) return <>{row.coins.map(tag)}</>;
  return row.testId ? <span data-testid={row.testId}>{row.value}</span> : <>{row.value}</>;
}
