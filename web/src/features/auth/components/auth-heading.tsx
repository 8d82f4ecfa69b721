import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';

/** AuthSize picks the classes: the desktop card's `up-auth` or the phone frame's `up-mauth`. */
export type AuthSize = 'desktop' | 'mobile';

const base = (size: AuthSize) => (size === 'desktop' ? 'up-auth' : 'up-mauth');

/** authTitleId is the id of the page's title, for the section's aria-labelledby. */
export const authTitleId = (size: AuthSize) => `${base(size)}-title`;

/**
 * AuthHeading is the title and lead of the login and register pages on either size; it
 * names the document and brings the title into view.
 */
export function AuthHeading({ size, titleKey, leadKey }: { size: AuthSize; titleKey: string; leadKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  // The router keeps the scroll of the page before: a page opened from the foot of the
  // other (its "Log in" link) would open below its own title.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const c = base(size);
  return (
    <header className={`${c}__head`}>
      <h1 id={authTitleId(size)} className={`${c}__title`} ref={titleRef}>
        {title}
      </h1>
      <p className={`${c}__lead`}>{t(leadKey)}</p>
    </header>
  );
}

/** OtherPage is the way to the other auth page ("No account? Register"). */
export interface OtherPage {
  textKey: string;
  labelKey: string;
  to: string;
  /** state is what the page hands the other (AuthCarry: the contact typed, the terms ticked). */
  state?: unknown;
}

/** AuthLinks are the foot of the login and register pages: the other page and home. */
export function AuthLinks({ other, home }: { other: OtherPage; home: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span>
        {t(other.textKey)}{' '}
        <Link to={other.to} state={other.state}>
          {t(other.labelKey)}
        </Link>
      </span>
      <Link to={home}>{t('common.backHome')}</Link>
    </>
  );
}
