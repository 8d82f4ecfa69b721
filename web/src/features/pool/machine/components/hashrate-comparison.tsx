// The rig's own hashrate against the pool's figure and its 95% range: figures, a scale and
// a verdict. Plain HTML, so the desktop and the phone page show the same component; only
// the card around it and the verdict's icon are theirs.
import type { ReactNode } from 'react';
import type { DeviceDetail } from '../model/types';
import * as view from '../model/view';
import type { Verdict } from '../model/format';
import './hashrate-comparison.css';

/** ScalePositions place the range and the two marks on a 0..100 scale. */
export interface ScalePositions {
  low: number;
  high: number;
  pool: number;
  reported: number | null;
}

export interface HashrateComparisonProps {
  d: DeviceDetail;
  verdict: Verdict;
  positions: ScalePositions;
  x: view.MachineTexts;
  /** compact is the phone's smaller type and spacing. */
  compact?: boolean;
  /** verdictIcon is drawn before the verdict (the desktop's antd icons). */
  verdictIcon?: ReactNode;
}

export function HashrateComparison({ d, verdict, positions: p, x, compact = false, verdictIcon }: HashrateComparisonProps) {
  return (
    <div className={`up-hc${compact ? ' up-hc--compact' : ''}`}>
      <div className="up-hc__figures">
        {view.comparisonFigures(d, x).map((f, i) => (
          <div key={f.label}>
            <span className="up-hc__label">{f.label}</span>
            <strong className={`up-hc__value${i === 0 ? ' up-hc__value--rig' : ''}`} data-testid={f.testId}>
              {f.value}
            </strong>
          </div>
        ))}
      </div>
      <div className="up-hc__scale" aria-hidden="true">
        <div className="up-hc__track">
          <span className="up-hc__band" style={{ left: `${p.low}%`, width: `${Math.max(0.8, p.high - p.low)}%` }} />
          <span className="up-hc__mark up-hc__mark--pool" style={{ left: `${p.pool}%` }} />
          {p.reported !== null ? <span className="up-hc__mark up-hc__mark--rig" style={{ left: `${p.reported}%` }} /> : null}
        </div>
        <div className="up-hc__legend">
          {view.comparisonLegend(x).map((l) => (
            <span key={l.key}>
              <i className={`up-hc__key up-hc__key--${l.key}`} /> {l.label}
            </span>
          ))}
        </div>
      </div>
      <p className={`up-hc__verdict up-hc__verdict--${verdict}`} data-testid="compare-verdict">
        {verdictIcon}
        {verdictIcon ? ' ' : null}
        {x.t(`compare.verdict.${verdict}`)}
      </p>
      <p className="up-hc__note" data-testid="compare-explain">
        {x.t('compare.explain')}
      </p>
    </div>
  );
}
