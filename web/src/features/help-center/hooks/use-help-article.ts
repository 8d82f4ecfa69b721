// An article's page, once for the desktop and the phone: the reader, the article, the
// page's title (the article's once it is in) and the scroll to the top on each article
// (previous and next keep the page mounted).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpKind } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isNotFound, useHelpDetail } from '../api/get-help-detail';
import { otherLanguage } from '../components/entry-head';
import { formatHelpDateTime } from '../model/format-date';
import { detailTitleKey, parseArticleId } from '../model/params';
import type { HelpDetail } from '../model/types';
import { useHelpTexts } from './use-help-texts';
import { useReader } from './use-reader';

/** useHelpArticle reads the article rawId names in section kind; id is null for an id that is not one. */
export function useHelpArticle(kind: HelpKind, rawId: string | null | undefined) {
  const { t } = useTranslation();
  const { t: th, ready } = useHelpTexts();
  const reader = useReader();
  const id = parseArticleId(rawId);
  const detail = useHelpDetail(kind, id, reader);
  const pageTitle = t(detailTitleKey(kind));
  useDocumentTitle(detail.data?.title ?? pageTitle);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [id]);
  return {
    t,
    th,
    ready,
    reader,
    id,
    detail,
    /** source is the article for DetailStates and showsEntry. */
    source: { ready, id, query: detail, gone: isNotFound },
    pageTitle,
    /** published is an article's date line for EntryHead: when, and "Published …" in the reader's language. */
    published: (a: Pick<HelpDetail, 'publishedAt'>) => ({ ms: a.publishedAt, text: th('detail.published', { date: formatHelpDateTime(a.publishedAt, reader.lang) }) }),
    /** languageNote says an article is shown in another language than the reader's (it was not written in theirs), or is null. */
    languageNote: (a: Pick<HelpDetail, 'lang'>) => {
      const language = otherLanguage(a.lang, reader.lang);
      return language ? th('detail.otherLanguage', { language }) : null;
    },
  };
}
