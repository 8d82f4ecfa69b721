import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import '../mobile-forms.css';
import './mobile-auth.css';

/** MobileAuthFrame is the frame of the mobile login and register pages: a title band, then the form full width. */
export function MobileAuthFrame({ titleKey, leadKey, children }: { titleKey: string; leadKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="up-mauth" aria-labelledby="up-mauth-title">
      <header className="up-mauth__head">
        <h1 id="up-mauth-title" className="up-mauth__title">
          {title}
        </h1>
        <p className="up-mauth__lead">{t(leadKey)}</p>
      </header>
      <div className="up-mauth__body up-mform">{children}</div>
    </section>
  );
}
