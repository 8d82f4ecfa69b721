// The head of an article or a message, on a desktop (up-help-detail) or a phone
// (up-mhelp-article): its kind, its title (the page's heading) and when it was published.
import type { ReactNode } from 'react';
import { LANG_NATIVE_NAMES, isLang } from '@/lib/language';
import { isoDate } from '../model/format-date';

/** EntryHead shows kind (the layout's tag), the title as the page's h1 (titleId labels the article) and the time. */
export function EntryHead({
  size,
  kind,
  titleId,
  title,
  lang,
  at,
  icon,
}: {
  size: 'desktop' | 'mobile';
  kind: ReactNode;
  titleId: string;
  title: string;
  /** lang is the title's language attribute, when it may differ from the page's. */
  lang?: string;
  at: { ms: number; text: string };
  /** icon stands before the time (desktop). */
  icon?: ReactNode;
}) {
  const desktop = size === 'desktop';
  const head = (
    <>
      {kind}
      <h1 id={titleId} className={desktop ? 'up-help-detail__title' : 'up-mhelp-article__title'} lang={lang}>
        {title}
      </h1>
      <p className={desktop ? 'up-help-detail__meta' : 'up-mhelp-article__meta'}>
        {icon}
        <time dateTime={isoDate(at.ms)}>{at.text}</time>
      </p>
    </>
  );
  return desktop ? <header className="up-help-detail__head">{head}</header> : head;
}

/** otherLanguage is the native name of an article's language when it is not the reader's (the article was not written in it); null otherwise. */
export function otherLanguage(articleLang: string, readerLang: string): string | null {
  return articleLang !== readerLang && isLang(articleLang) ? LANG_NATIVE_NAMES[articleLang] : null;
}
