// A value with its unit ("3988.451098 ALEO", "10.90 KH/s"), as stat cards and tables show
// it: neither the value nor the unit ever breaks inside ("ALE / O" on the phone's cards);
// where the pair does not fit its box on one line, the unit goes whole to the next line
// (a no-break space there pushed "ALEO" out of a phone card instead).
import type { ReactNode } from 'react';
import './figure.css';

export interface FigureProps {
  value: ReactNode;
  /** unit follows the value, smaller; none when empty. */
  unit?: string;
  className?: string;
  testId?: string;
}

/** Figure writes a value and its unit, each unbreakable, with the one break allowed between them. */
export function Figure({ value, unit, className, testId }: FigureProps) {
  return (
    <span className={className ? `up-figure ${className}` : 'up-figure'} data-testid={testId}>
      {value}
      {unit ? (
        <>
          {' '}
          <small className="up-unit">{unit}</small>
        </>
      ) : null}
    </span>
  );
}
