// A value with its unit ("3988.451098 ALEO", "10.90 KH/s"), as stat cards, tables and
// lists show it: the unit is one word that never breaks ("ALE / O"), and value and unit
// are joined by a no-break space so the unit never starts a line alone.
import type { ReactNode } from 'react';
import { NBSP } from '@/lib/format';
import './figure.css';

export interface FigureProps {
  value: ReactNode;
  /** unit follows the value, smaller; none when empty. */
  unit?: string;
  className?: string;
  testId?: string;
}

/** Figure writes a value and its unit as one unbreakable pair. */
export function Figure({ value, unit, className, testId }: FigureProps) {
  return (
    <span className={className ? `up-figure ${className}` : 'up-figure'} data-testid={testId}>
      {value}
      {unit ? (
        <>
          {NBSP}
          <small className="up-unit">{unit}</small>
        </>
      ) : null}
    </span>
  );
}
