// /mobile/observerMode/help/helpdetail?type=infoList&id=: one observer message on a phone
// (opening it marks it read for the link).
import { Button, ErrorBlock, List } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { HelpArticle } from '@/features/help-center/components/help-article';
import { formatHelpDateTime, isoDate } from '@/features/help-center/model/format-date';
import { langTag } from '@/features/help-center/model/params';
import { isMessageGone, useMessage } from '@/features/observer/hooks/use-messages';
import { parseMessageId, type MessageDetail } from '@/features/observer/model/messages';
import { useObserverTexts } from '@/features/observer/texts';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { FromList } from './help-list';
import { DetailSkeleton, LoadFailed, SubHeader } from './shared';

function MessageBody({ msg, lang }: { msg: MessageDetail; lang: string }) {
  const { t: to } = useObserverTexts();
  if (msg.devices) {
    const since = msg.kind === 'devicesOnline' ? 'messages.detail.backSince' : 'messages.detail.lastSeen';
    return (
      <List data-testid="message-devices">
        {msg.devices.map((d) => (
          <List.Item key={d.worker} description={`${to(since)}: ${formatHelpDateTime(d.since, lang)}`} extra={d.subAccount}>
            {d.worker}
          </List.Item>
        ))}
      </List>
    );
  }
  if (msg.earnings) {
    const e = msg.earnings;
    return (
      <List data-testid="message-earnings">
        {e.rows.map((r) => (
          <List.Item key={r.subAccount} description={`${to('messages.detail.hashRate')}: ${r.hashRate.show} ${r.hashRate.unit}`} extra={`${r.amount} ${e.unit}`}>
            {r.subAccount}
          </List.Item>
        ))}
        <List.Item extra={<strong data-testid="message-earnings-total">{`${e.amount} ${e.unit}`}</strong>}>
          {to('messages.detail.total')} ({e.day})
        </List.Item>
      </List>
    );
  }
  return msg.html ? <HelpArticle html={msg.html} lang={msg.lang} className="up-mhelp-article__body" /> : null;
}

/** MobileMessageDetail shows one message, its newer and older neighbours and the way back. */
export function MobileMessageDetail() {
  const { t, i18n } = useTranslation();
  const { t: to, ready } = useObserverTexts();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const id = parseMessageId(query.get('id'));
  const detail = useMessage(id);
  const msg = detail.data;
  const pageTitle = t('pages.infoDetail');
  useDocumentTitle(msg?.title ?? pageTitle);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [id]);
  const fromList = (location.state as FromList | null)?.fromList === true;
  const backToList = () => (fromList ? navigate(-1) : navigate(mobilePaths.observerMode.helplist('infoList')));
  const neighbour = (to: string | null) => {
    if (to) navigate(mobilePaths.observerMode.helpdetail('infoList', to), { replace: true, state: location.state });
  };

  let body;
  if (!ready || (id !== null && detail.isPending)) {
    body = <DetailSkeleton />;
  } else if (id === null || (detail.isError && isMessageGone(detail.error))) {
    body = (
      <div className="up-mhelp-state" data-testid="message-not-found">
        <ErrorBlock status="empty" title={to('messages.detail.notFoundTitle')} description={to('messages.detail.notFoundBody')} fullPage={false}>
          <Button color="primary" onClick={backToList}>
            {to('messages.detail.back')}
          </Button>
        </ErrorBlock>
      </div>
    );
  } else if (detail.isError || !msg) {
    body = <LoadFailed title={to('messages.detail.loadFailed')} detail={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />;
  } else {
    body = (
      <article className="up-mhelp-article" data-testid="message-detail" data-kind={msg.kind} aria-labelledby="up-mmessage-title">
        <span className="up-mhelp-kind">{to(`messages.kinds.${msg.kind}`)}</span>
        <h1 id="up-mmessage-title" className="up-mhelp-article__title" lang={langTag(msg.lang)}>
          {msg.title}
        </h1>
        <p className="up-mhelp-article__meta">
          <time dateTime={isoDate(msg.publishedAt)}>{formatHelpDateTime(msg.publishedAt, i18n.language)}</time>
        </p>
        {msg.summary && !msg.html ? <p>{msg.summary}</p> : null}
        <MessageBody msg={msg} lang={i18n.language} />
        {msg.prevId === null && msg.nextId === null ? null : (
          <nav className="up-mhelp-pager" aria-label={pageTitle}>
            <Button disabled={msg.prevId === null} onClick={() => neighbour(msg.prevId)} data-testid="message-prev">
              <LeftOutline aria-hidden="true" /> {to('messages.detail.previous')}
            </Button>
            <Button disabled={msg.nextId === null} onClick={() => neighbour(msg.nextId)} data-testid="message-next">
              {to('messages.detail.next')} <RightOutline aria-hidden="true" />
            </Button>
          </nav>
        )}
        <Button block color="primary" fill="outline" className="up-mhelp-article__back" onClick={backToList} data-testid="message-back">
          {to('messages.detail.back')}
        </Button>
      </article>
    );
  }
  return (
    <div className="up-mhelp up-mhelp--page">
      <SubHeader title={pageTitle} backLabel={ready ? to('messages.detail.back') : pageTitle} onBack={backToList} heading={!msg} />
      {body}
    </div>
  );
}
