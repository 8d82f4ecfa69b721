// The frame of the product pages (/OS and /upload) on both sites: one markup and one
// stylesheet; the phone's root adds up-prod--phone, which stacks and resizes what the
// desktop lays out side by side.
import type { ReactNode } from 'react';
import './product.css';

/** ProductPage is a product page's root, laid out for a desktop or a phone. */
export function ProductPage({ phone, testId, children }: { phone?: boolean; testId: string; children: ReactNode }) {
  return (
    <div className={phone ? 'up-prod up-prod--phone' : 'up-prod'} data-testid={testId}>
      {children}
    </div>
  );
}

/** ProductHero is the dark band a product page opens with; visual sits beside the text on a desktop, below it on a phone. */
export function ProductHero({
  titleId,
  title,
  eyebrow,
  lead,
  actions,
  facts,
  visual,
  short,
  children,
}: {
  titleId?: string;
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  facts?: ReactNode[];
  visual?: ReactNode;
  short?: boolean;
  /** children follow the title (a skeleton while the texts load). */
  children?: ReactNode;
}) {
  return (
    <section className={short ? 'up-prod-hero up-prod-hero--short' : 'up-prod-hero'} aria-labelledby={titleId}>
      <div className={visual ? 'up-prod-hero__inner up-prod-hero__inner--visual' : 'up-prod-hero__inner'}>
        <div className="up-prod-hero__text">
          {eyebrow ? <p className="up-prod-hero__eyebrow">{eyebrow}</p> : null}
          <h1 id={titleId} className="up-prod-hero__title">
            {title}
          </h1>
          {lead ? <p className="up-prod-hero__lead">{lead}</p> : null}
          {actions ? <div className="up-prod-hero__actions">{actions}</div> : null}
          {facts?.length ? (
            <ul className="up-prod-hero__facts">
              {facts.map((fact, i) => (
                <li key={i}>{fact}</li>
              ))}
            </ul>
          ) : null}
          {children}
        </div>
        {visual}
      </div>
    </section>
  );
}

/** ProductSection is a titled section of a product page's body; more is a link beside the title. */
export function ProductSection({
  id,
  headingId,
  title,
  subtitle,
  more,
  className,
  children,
}: {
  id?: string;
  headingId: string;
  title: ReactNode;
  subtitle?: ReactNode;
  more?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={className ? `up-prod-section ${className}` : 'up-prod-section'} aria-labelledby={headingId}>
      <header className={more ? 'up-prod-section__head up-prod-section__head--row' : 'up-prod-section__head'}>
        <div>
          <h2 id={headingId}>{title}</h2>
          {subtitle ? <p>{subtitle}</p> : null}
        </div>
        {more}
      </header>
      {children}
    </section>
  );
}
