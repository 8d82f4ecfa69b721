// /mobile/observerMode/help/helpdetail?type=infoList&id=: one observer message on a phone
// (opening it marks it read for the link).
import { Button, ErrorBlock, List } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { DetailStates } from '@/features/help-center/components/detail-states';
import { EntryHead } from '@/features/help-center/components/entry-head';
import { HelpArticle } from '@/features/help-center/components/help-article';
import { formatHelpDateTime } from '@/features/help-center/model/format-date';
import { langTag } from '@/features/help-center/model/params';
import { useMessageDetailPage } from '@/features/observer/hooks/use-message-detail';
import type { MessageDetail } from '@/features/observer/model/messages';
import { useObserverTexts } from '@/features/observer/texts';
import { errorMessage } from '@/lib/api-client';
import type { FromList } from './help-list';
import { DetailFoot, DetailSkeleton, LoadFailed, SubHeader } from './shared';

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
  const navigate = useNavigate();
  const location = useLocation();
  const { lang, to, ready, detail, source, pageTitle } = useMessageDetailPage();
  const fromList = (location.state as FromList | null)?.fromList === true;
  const backToList = () => (fromList ? navigate(-1) : navigate(mobilePaths.observerMode.helplist('infoList')));
  const neighbour = (to: string | number | null) => {
    if (to !== null && to !== '') navigate(mobilePaths.observerMode.helpdetail('infoList', to), { replace: true, state: location.state });
  };

  const body = (
    <DetailStates
      source={source}
      loading={<DetailSkeleton />}
      notFound={
        <div className="up-mhelp-state" data-testid="message-not-found">
          <ErrorBlock status="empty" title={to('messages.detail.notFoundTitle')} description={to('messages.detail.notFoundBody')} fullPage={false}>
            <Button color="primary" onClick={backToList}>
              {to('messages.detail.back')}
            </Button>
          </ErrorBlock>
        </div>
      }
      failed={<LoadFailed title={to('messages.detail.loadFailed')} detail={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />}
    >
      {(msg) => (
        <article className="up-mhelp-article" data-testid="message-detail" data-kind={msg.kind} aria-labelledby="up-mmessage-title">
          <EntryHead
            size="mobile"
            kind={<span className="up-mhelp-kind">{to(`messages.kinds.${msg.kind}`)}</span>}
            titleId="up-mmessage-title"
            title={msg.title}
            lang={langTag(msg.lang)}
            at={{ ms: msg.publishedAt, text: formatHelpDateTime(msg.publishedAt, lang) }}
          />
          {msg.summary && !msg.html ? <p>{msg.summary}</p> : null}
          <MessageBody msg={msg} lang={lang} />
          <DetailFoot
            prevId={msg.prevId}
            nextId={msg.nextId}
            onNeighbour={neighbour}
            label={pageTitle}
            prefix="message"
            previous={to('messages.detail.previous')}
            next={to('messages.detail.next')}
            back={to('messages.detail.back')}
            onBack={backToList}
            backTestId="message-back"
          />
        </article>
      )}
    </DetailStates>
  );
  return (
    <div className="up-mhelp up-mhelp--page">
      <SubHeader title={pageTitle} backLabel={ready ? to('messages.detail.back') : pageTitle} onBack={backToList} heading={!detail.data} />
      {body}
    </div>
  );
}
