import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import './page-frame.css';

/** PageFrameProps name the page (a locale key) and give its body. */
export interface PageFrameProps {
  titleKey: string;
  children?: ReactNode;
  /** actions sit on the title row (for example an auto-refresh toggle). */
  actions?: ReactNode;
}

/** PageFrame is the common frame of a page: its translated title, then its body. */
export function PageFrame({ titleKey, children, actions }: PageFrameProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="up-page" aria-labelledby="up-page-title">
      <header className="up-page__head">
        <h1 id="up-page-title" className="up-page__title">
          {title}
        </h1>
        {actions ? <div className="up-page__actions">{actions}</div> : null}
      </header>
      <div className="up-page__body">{children}</div>
    </section>
  );
}

/** ComingSoon is a page that a later issue fills in: its title and a short note. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame titleKey={titleKey}>
      <div className="up-coming-soon" role="status">
        <span className="up-coming-soon__mark" aria-hidden="true" />
        <p>{t('common.comingSoon')}</p>
      </div>
    </PageFrame>
  );
}
