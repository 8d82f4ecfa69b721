import type { DayFact } from '../hooks/use-revenue-day';

/**
 * DayFacts are a sub-account's figures of a day (useRevenueDay's facts) as plain markup: a
 * definition list on the desktop, label-and-value rows on a phone.
 */
export function DayFacts({ facts, size }: { facts: DayFact[]; size: 'desktop' | 'mobile' }) {
  const value = (f: DayFact) => (f.strong ? <strong data-testid={f.testId}>{f.value}</strong> : f.value);
  if (size === 'mobile') {
    return (
      <>
        {facts.map((f) => (
          <div key={f.key} className="up-mpool-row">
            <span>{f.label}</span>
            <span className={f.mono ? 'up-mearn-mono' : undefined}>{value(f)}</span>
          </div>
        ))}
      </>
    );
  }
  return (
    <dl className="up-earn-facts">
      {facts.map((f) => (
        <div key={f.key}>
          <dt>{f.label}</dt>
          <dd className={f.mono ? 'up-earn-mono' : undefined}>{value(f)}</dd>
        </div>
      ))}
    </dl>
  );
}
