import type { ReactNode, Ref } from 'react';
import '@/components/card/card.css';

/**
 * SendStep is a titled block of a send page, numbered when n is given: a card
 * (components/card, sized for the desktop or a phone by the layout).
 */
export function SendStep({ n, title, extra, children, testId, sectionRef }: {
  n?: number;
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
  sectionRef?: Ref<HTMLElement>;
}) {
  return (
    <section ref={sectionRef} className="up-card" data-testid={testId}>
      <header className="up-card__head">
        <h2 className="up-card__title">
          {n ? <span className="up-card__step">{n}</span> : null}
          {title}
        </h2>
        {extra}
      </header>
      {children}
    </section>
  );
}

/** StepSpec is one numbered step of a send page; null leaves it out (no coin or template yet). */
export interface StepSpec {
  title: string;
  testId: string;
  body: ReactNode;
}

/**
 * SendSteps is a send page's body on either size: its numbered steps, what follows them
 * (the phone's send bar) and the progress of the last request.
 */
export function SendSteps({ size, testId, steps, after, progress }: {
  size: 'desktop' | 'mobile';
  testId: string;
  steps: Array<StepSpec | null>;
  after?: ReactNode;
  progress: ReactNode;
}) {
  return (
    <div className={size === 'desktop' ? 'up-oc' : 'up-moc'} data-testid={testId}>
      {steps.map((s, i) => (s ? <SendStep key={s.testId} n={i + 1} title={s.title} testId={s.testId}>{s.body}</SendStep> : null))}
      {after}
      {progress}
    </div>
  );
}

/** SendError is the server's refusal of the last request on a phone (the desktop shows an antd Alert). */
export function SendError({ label, error }: { label: string; error: string }) {
  return error ? (
    <p className="up-moc-sendbar__error" role="alert" data-testid="send-error">
      {label}: {error}
    </p>
  ) : null;
}
