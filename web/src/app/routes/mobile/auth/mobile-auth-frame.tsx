import { Button } from 'antd-mobile';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import '../mobile-forms.css';
import './mobile-auth.css';

/** MobileAuthFrame is the frame of the mobile login and register pages: a title band, then the form full width. */
export function MobileAuthFrame({ titleKey, leadKey, children }: { titleKey: string; leadKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  // The router keeps the scroll of the page before: a page opened from the foot of the
  // other (its "Log in" link) would open below its own title.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section className="up-mauth" aria-labelledby="up-mauth-title">
      <header className="up-mauth__head">
        <h1 id="up-mauth-title" className="up-mauth__title" ref={titleRef}>
          {title}
        </h1>
        <p className="up-mauth__lead">{t(leadKey)}</p>
      </header>
      <div className="up-mauth__body up-mform">{children}</div>
    </section>
  );
}

/**
 * MobileAuthActions is the foot of the mobile login and register forms: the server's
 * refusal, the submit button and the way to the other page and home.
 */
export function MobileAuthActions({ error, ready, pending, submitKey, other }: { error: string | null; ready: boolean; pending: boolean; submitKey: string; other: { textKey: string; labelKey: string; to: string; state?: unknown } }) {
  const { t } = useTranslation();
  return (
    <div className="up-mform__actions">
      {error ? (
        <p className="up-mform__alert" role="alert" data-testid="form-error">
          {error}
        </p>
      ) : null}
      <Button block type="submit" color="primary" size="large" className="up-mform__submit" disabled={!ready} loading={pending} data-testid="submit">
        {t(submitKey)}
      </Button>
      <div className="up-mauth__links">
        <span>
          {t(other.textKey)}{' '}
          <Link to={other.to} state={other.state}>
            {t(other.labelKey)}
          </Link>
        </span>
        <Link to={mobilePaths.home}>{t('common.backHome')}</Link>
      </div>
    </div>
  );
}
