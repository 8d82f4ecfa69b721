// A live box inside a tutorial step (the stratum addresses, a Uniplus ID, a worker name).
import type { ComponentType, ReactNode, SVGProps } from 'react';

/** Panel is a labelled box: a head with an optional icon, its title and extra, then its body. */
export function Panel({
  title,
  icon: Icon,
  className,
  testId,
  extra,
  children,
}: {
  title: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  className?: string;
  testId: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={className ? `up-tut-panel ${className}` : 'up-tut-panel'} data-testid={testId} aria-label={title}>
      <header className="up-tut-panel__head">
        {Icon ? <Icon className="up-tut-panel__icon" width={18} height={18} /> : null}
        <span className="up-tut-panel__title">{title}</span>
        {extra}
      </header>
      <div className="up-tut-panel__body">{children}</div>
    </section>
  );
}
