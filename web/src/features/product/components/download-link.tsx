import type { ReactNode } from 'react';
import './product-ui.css';

/**
 * DownloadLink is a download styled as a button: a file on this site downloads in
 * place; another site's address opens in a new tab.
 */
export function DownloadLink({
  url,
  external,
  children,
  variant = 'primary',
  testId,
  externalHint,
}: {
  url: string;
  external: boolean;
  children: ReactNode;
  variant?: 'primary' | 'light' | 'ghost';
  testId?: string;
  /** externalHint is read out after the label when the link opens a new tab. */
  externalHint?: string;
}) {
  return (
    <a
      className={`up-prod-btn up-prod-btn--${variant}`}
      href={url}
      data-testid={testId}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : { download: '' })}
    >
      {children}
      {external && externalHint ? <span className="up-prod-sr">{externalHint}</span> : null}
    </a>
  );
}
