import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import './status-page.css';

/** StatusPageProps describe a whole-page state: maintenance, error, not found. */
export interface StatusPageProps {
  title: string;
  body: string;
  tone?: 'neutral' | 'warning' | 'error';
  actions?: ReactNode;
  /** dark fills the viewport with the brand's dark ground (pages without nav). */
  dark?: boolean;
  testId?: string;
}

/** StatusPage shows a title, a sentence and actions, centred. */
export function StatusPage({ title, body, tone = 'neutral', actions, dark = false, testId }: StatusPageProps) {
  useDocumentTitle(title);
  return (
    <div className={`up-status up-status--${tone}${dark ? ' up-status--dark' : ''}`} data-testid={testId}>
      <div className="up-status__card">
        <span className="up-status__icon" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" focusable="false">
            {tone === 'neutral' ? (
              <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            ) : (
              <path d="M12 6v8M12 18v.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
            )}
          </svg>
        </span>
        <h1 className="up-status__title">{title}</h1>
        <p className="up-status__body">{body}</p>
        {actions ? <div className="up-status__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
