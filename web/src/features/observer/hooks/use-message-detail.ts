// A message's page, once for the desktop and the phone: the message the address names
// (?id=), the page's title (the message's once it is in) and the scroll to the top on each
// message (previous and next keep the page mounted).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';
import { parseMessageId } from '../model/messages';
import { useObserverTexts } from '../texts';
import { isMessageGone, useMessage } from './use-messages';

/** useMessageDetailPage reads the message ?id= names; id is null for an id that is not one. */
export function useMessageDetailPage() {
  const { t, i18n } = useTranslation();
  const { t: to, ready } = useObserverTexts();
  const [query] = useSearchParams();
  const id = parseMessageId(query.get('id'));
  const detail = useMessage(id);
  const pageTitle = t('pages.infoDetail');
  useDocumentTitle(detail.data?.title ?? pageTitle);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [id]);
  /** source is the message for DetailStates and showsEntry. */
  const source = { ready, id, query: detail, gone: isMessageGone };
  return { t, lang: i18n.language, to, ready, id, detail, source, pageTitle };
}
