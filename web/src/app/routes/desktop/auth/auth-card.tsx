import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import '../desktop-forms.css';
import './auth.css';

/** AuthCard is the centred card of the desktop login and register pages, on the brand's dark band. */
export function AuthCard({ titleKey, leadKey, children, footer }: { titleKey: string; leadKey: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="up-auth" aria-labelledby="up-auth-title">
      <div className="up-auth__band" aria-hidden="true" />
      <div className="up-auth__card">
        <header className="up-auth__head">
          <h1 id="up-auth-title" className="up-auth__title">
            {title}
          </h1>
          <p className="up-auth__lead">{t(leadKey)}</p>
        </header>
        {children}
        {footer ? <footer className="up-auth__foot">{footer}</footer> : null}
      </div>
    </section>
  );
}
