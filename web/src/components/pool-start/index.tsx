// The start-mining steps shown where a new miner has nothing yet: create a sub-account,
// point a rig at the stratum URL with a worker name, open the tutorial. Plain props, so
// any pool page can show it.
import type { ReactNode } from 'react';
import './pool-start.css';

export interface PoolStartProps {
  title: string;
  steps: [string, string, string];
  /** actions are the buttons (create, tutorial) the caller lays out in its own widgets. */
  actions: ReactNode;
}

/** PoolStart lists the three steps and the caller's actions. */
export function PoolStart({ title, steps, actions }: PoolStartProps) {
  return (
    <section className="up-pool-start" data-testid="pool-start">
      <h2 className="up-pool-start__title">{title}</h2>
      <ol className="up-pool-start__steps">
        {steps.map((s, i) => (
          <li key={i}>
            <span className="up-pool-start__n" aria-hidden="true">
              {i + 1}
            </span>
            <span>{s}</span>
          </li>
        ))}
      </ol>
      <div className="up-pool-start__actions">{actions}</div>
    </section>
  );
}
