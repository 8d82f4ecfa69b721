// /observerMode/infoList and /observerMode/infoDetail on the desktop: the observer link's
// messages. Data, read marks and the marker live in features/observer (use-messages); this
// file lays out antd widgets in the help centre's list and article styles.
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { App, Button, Result, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DetailStates, showsEntry } from '@/features/help-center/components/detail-states';
import { EntryHead } from '@/features/help-center/components/entry-head';
import { HelpArticle } from '@/features/help-center/components/help-article';
import { HelpRow, messageRow } from '@/features/help-center/components/help-row';
import { formatHelpDateTime, isNew } from '@/features/help-center/model/format-date';
import { readPaging } from '@/features/help-center/model/paging';
import { langTag } from '@/features/help-center/model/params';
import { useMessageDetailPage } from '@/features/observer/hooks/use-message-detail';
import { useMessagePage, useReadAllMessages } from '@/features/observer/hooks/use-messages';
import type { MessageDetail } from '@/features/observer/model/messages';
import { useObserverTexts } from '@/features/observer/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { HelpCardSkeleton } from '../help/help-shell';
import { CardLoadFailed, PagedListCard, useUrlPaging } from '../help/list-card';
import '../help/help.css';

const detailPath = (id: string) => `${paths.observerMode.infoDetail}?id=${encodeURIComponent(id)}`;

interface ListState {
  listSearch?: string;
}

/** DesktopMessageList is /observerMode/infoList: one page of the link's messages, unread marked. */
export function DesktopMessageList() {
  const { t, i18n } = useTranslation();
  const { t: to, ready } = useObserverTexts();
  const { message } = App.useApp();
  const [query] = useSearchParams();
  const first = readPaging(query);
  const list = useMessagePage(first.page, first.pageSize);
  const { paging, goTo, listSearch } = useUrlPaging(list.data, list.isPlaceholderData);
  const readAll = useReadAllMessages();
  useDocumentTitle(t('pages.infoList'));
  const markAllRead = () =>
    readAll.mutate(undefined, { onSuccess: (answer) => void message.success(answer.msg || t('messages.operateSuccess')) });
  const listState: ListState = { listSearch };
  const unread = list.data?.unReadCount ?? 0;
  const body = (
    <PagedListCard
      ready={ready}
      list={list}
      failedTitle={to('messages.loadFailed')}
      testId="message-list"
      prefix="message"
      paging={paging}
      onPage={goTo}
      describe={(rows, total) => ({
        totalLabel: to('messages.total', { count: total }),
        empty: rows.length === 0 ? to('messages.empty') : null,
        marks: {
          unread,
          unreadLabel: to('messages.unreadCount', { count: unread }),
          markAllLabel: to('messages.markAllRead'),
          onMarkAll: markAllRead,
          pending: readAll.isPending,
          disabled: unread === 0,
        },
      })}
      row={(row) => (
        <HelpRow
          key={row.id}
          size="desktop"
          to={detailPath(row.id)}
          state={listState}
          unreadLabel={to('messages.unread')}
          {...messageRow(row, formatHelpDateTime(row.publishedAt, i18n.language))}
          before={<Tag bordered={false}>{to(`messages.kinds.${row.kind}`)}</Tag>}
          badge={
            isNew(row.publishedAt) && !row.read ? (
              <Tag color="green" bordered={false} className="up-help-row__new">
                {to('messages.new')}
              </Tag>
            ) : null
          }
          go={<RightOutlined className="up-help-row__go" aria-hidden="true" />}
        />
      )}
    />
  );

  return (
    <div className="up-observer-messages">
      <header className="up-help-head">
        <h1 className="up-help-head__title">{t('pages.infoList')}</h1>
        {ready ? <p className="up-help-head__lead">{to('messages.lead')}</p> : null}
      </header>
      {body}
    </div>
  );
}

/** MessageBody is what a message is about: its devices, its settled day or its text. */
function MessageBody({ msg, lang }: { msg: MessageDetail; lang: string }) {
  const { t: to } = useObserverTexts();
  if (msg.devices) {
    const since = msg.kind === 'devicesOnline' ? 'messages.detail.backSince' : 'messages.detail.lastSeen';
    return (
      <Table
        data-testid="message-devices"
        size="small"
        pagination={msg.devices.length > 20 ? { pageSize: 20 } : false}
        rowKey="worker"
        dataSource={msg.devices}
        columns={[
          { title: to('messages.detail.worker'), dataIndex: 'worker' },
          { title: to('messages.detail.subAccount'), dataIndex: 'subAccount' },
          { title: to(since), dataIndex: 'since', render: (v: number) => formatHelpDateTime(v, lang) },
        ]}
      />
    );
  }
  if (msg.earnings) {
    const e = msg.earnings;
    return (
      <Table
        data-testid="message-earnings"
        size="small"
        pagination={false}
        rowKey="subAccount"
        dataSource={e.rows}
        columns={[
          { title: to('messages.detail.subAccount'), dataIndex: 'subAccount' },
          { title: to('messages.detail.hashRate'), key: 'hashRate', render: (_: unknown, r) => `${r.hashRate.show} ${r.hashRate.unit}` },
          { title: to('messages.detail.amount'), key: 'amount', align: 'right', render: (_: unknown, r) => `${r.amount} ${e.unit}` },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              {to('messages.detail.total')} ({e.day})
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <strong data-testid="message-earnings-total">
                {e.amount} {e.unit}
              </strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    );
  }
  return msg.html ? <HelpArticle html={msg.html} lang={msg.lang} /> : null;
}

/** DesktopMessageDetail is /observerMode/infoDetail?id=: one message (opening it marks it read). */
export function DesktopMessageDetail() {
  const navigate = useNavigate();
  const location = useLocation();
  const { lang, to, detail, source, pageTitle } = useMessageDetailPage();
  const listSearch = (location.state as ListState | null)?.listSearch;
  const backToList = () => navigate(`${paths.observerMode.infoList}${listSearch ? `?${listSearch}` : ''}`);
  const neighbour = (to: string | null) => {
    if (to) navigate(detailPath(to), { replace: true, state: location.state });
  };

  const body = (
    <DetailStates
      source={source}
      loading={<HelpCardSkeleton />}
      notFound={
        <div className="up-help-card up-help-card--pad" data-testid="message-not-found">
          <Result
            status="404"
            title={to('messages.detail.notFoundTitle')}
            subTitle={to('messages.detail.notFoundBody')}
            extra={<Button onClick={backToList}>{to('messages.detail.back')}</Button>}
          />
        </div>
      }
      failed={<CardLoadFailed title={to('messages.detail.loadFailed')} error={detail.error} onRetry={() => void detail.refetch()} />}
    >
      {(msg) => (
        <article className="up-help-card up-help-detail" data-testid="message-detail" data-kind={msg.kind} aria-labelledby="up-message-title">
          <EntryHead
            size="desktop"
            kind={
              <Tag bordered={false} className="up-help-detail__kind">
                {to(`messages.kinds.${msg.kind}`)}
              </Tag>
            }
            titleId="up-message-title"
            title={msg.title}
            lang={langTag(msg.lang)}
            at={{ ms: msg.publishedAt, text: formatHelpDateTime(msg.publishedAt, lang) }}
          />
          <div className="up-help-detail__body">
            {msg.summary && !msg.html ? <p>{msg.summary}</p> : null}
            <MessageBody msg={msg} lang={lang} />
          </div>
          <footer className="up-help-detail__foot">
            <Button icon={<LeftOutlined />} onClick={backToList} data-testid="message-back">
              {to('messages.detail.back')}
            </Button>
            <nav className="up-help-detail__pager" aria-label={pageTitle}>
              {msg.prevId ? (
                <Button type="link" onClick={() => neighbour(msg.prevId)} data-testid="message-prev">
                  <LeftOutlined aria-hidden="true" /> {to('messages.detail.previous')}
                </Button>
              ) : null}
              {msg.nextId ? (
                <Button type="link" onClick={() => neighbour(msg.nextId)} data-testid="message-next">
                  {to('messages.detail.next')} <RightOutlined aria-hidden="true" />
                </Button>
              ) : null}
            </nav>
          </footer>
        </article>
      )}
    </DetailStates>
  );
  return (
    <div className="up-observer-messages">
      {showsEntry(source) ? null : (
        <header className="up-help-head">
          <h1 className="up-help-head__title">{pageTitle}</h1>
        </header>
      )}
      {body}
    </div>
  );
}
