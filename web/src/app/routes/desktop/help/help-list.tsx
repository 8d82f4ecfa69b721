import { CheckOutlined, RightOutlined } from '@ant-design/icons';
import { App, Button, Empty, Pagination, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths, type HelpKind } from '@/config/paths';
import { useHelpList } from '@/features/help-center/api/get-help-list';
import { useReadAllNotices } from '@/features/help-center/api/read-all-notices';
import { UnreadDot } from '@/features/help-center/components/unread-dot';
import { useHelpTexts } from '@/features/help-center/hooks/use-help-texts';
import { useReader } from '@/features/help-center/hooks/use-reader';
import { formatHelpDate, isNew, isoDate } from '@/features/help-center/model/format-date';
import { PAGE_SIZES, pageAfterLoad, readPaging, writePaging } from '@/features/help-center/model/paging';
import { langTag, listTitleKey } from '@/features/help-center/model/params';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { HelpCardSkeleton, HelpShell, useUnread } from './help-shell';

/** ListState is where "back to the list" returns: the list's query (its page and size). */
export interface ListState {
  listSearch?: string;
}

/** DesktopHelpList is /help/{kind}/list: one page of a section, with paging and, for notices, read marks. */
export function DesktopHelpList({ kind }: { kind: HelpKind }) {
  const { t } = useTranslation();
  const { t: th, ready } = useHelpTexts();
  const { message } = App.useApp();
  const reader = useReader();
  const [query, setQuery] = useSearchParams();
  const paging = readPaging(query);
  const list = useHelpList(kind, paging, reader);
  const unread = useUnread(reader);
  const readAll = useReadAllNotices();
  const title = t(listTitleKey(kind));
  useDocumentTitle(title);

  // An old link past the last page (or articles withdrawn since) lands on the last page.
  const data = list.data;
  const fixPage = data && !list.isPlaceholderData ? pageAfterLoad(paging.page, data) : null;
  useEffect(() => {
    if (fixPage !== null) setQuery(writePaging(query, { ...paging, page: fixPage }), { replace: true });
  }, [fixPage, paging, query, setQuery]);

  const goTo = (page: number, pageSize: number) => {
    // A new size starts again at its first page.
    setQuery(writePaging(query, { page: pageSize === paging.pageSize ? page : 1, pageSize }));
    window.scrollTo({ top: 0 });
  };

  const markAllRead = () =>
    readAll.mutate(undefined, {
      onSuccess: (answer) => void message.success(answer.msg || t('messages.operateSuccess')),
    });

  const listState: ListState = { listSearch: query.toString() };

  let body;
  if (!ready || (list.isPending && !data)) {
    body = <HelpCardSkeleton />;
  } else if (list.isError && !data) {
    body = (
      <div className="up-help-card up-help-card--pad up-help-state" role="alert">
        <p>{th('list.loadFailed')}</p>
        <p className="up-help-state__detail">{errorMessage(list.error)}</p>
        <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  } else {
    const rows = data?.rows ?? [];
    const total = data?.total ?? 0;
    body = (
      <div className="up-help-card" data-testid="help-list" aria-busy={list.isFetching}>
        <div className="up-help-toolbar">
          <span className="up-help-toolbar__count" data-testid="help-total">
            {th('list.total', { count: total })}
          </span>
          {kind === 'notice' ? (
            <div className="up-help-toolbar__actions">
              {unread > 0 ? (
                <Tag color="red" bordered={false} data-testid="help-unread-count">
                  {th('list.unreadCount', { count: unread })}
                </Tag>
              ) : null}
              <Button
                icon={<CheckOutlined />}
                onClick={markAllRead}
                loading={readAll.isPending}
                disabled={unread === 0 && !rows.some((r) => r.read === false)}
                data-testid="help-read-all"
              >
                {th('list.markAllRead')}
              </Button>
            </div>
          ) : null}
        </div>
        {rows.length === 0 ? (
          <Empty className="up-help-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={th(`list.empty.${kind}`)} />
        ) : (
          <ol className="up-help-rows">
            {rows.map((row) => {
              const unreadRow = kind === 'notice' && row.read === false;
              return (
                <li key={row.id}>
                  <Link
                    to={paths.help.detail(kind, row.id)}
                    state={listState}
                    className={`up-help-row${unreadRow ? ' up-help-row--unread' : ''}`}
                    data-testid="help-row"
                    data-read={kind === 'notice' ? String(!unreadRow) : undefined}
                  >
                    <div className="up-help-row__main">
                      <h2 className="up-help-row__title">
                        {unreadRow ? <UnreadDot label={th('list.unread')} /> : null}
                        <span lang={langTag(row.lang)}>{row.title}</span>
                        {kind !== 'faq' && isNew(row.publishedAt) ? (
                          <Tag color="green" bordered={false} className="up-help-row__new">
                            {th('list.new')}
                          </Tag>
                        ) : null}
                      </h2>
                      {row.summary ? <p className="up-help-row__summary">{row.summary}</p> : null}
                    </div>
                    {/* FAQ answers are kept current: their date says little. */}
                    <time className="up-help-row__date" dateTime={kind === 'faq' ? undefined : isoDate(row.publishedAt)}>
                      {kind === 'faq' ? null : formatHelpDate(row.publishedAt, reader.lang)}
                    </time>
                    <RightOutlined className="up-help-row__go" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ol>
        )}
        {total > 0 ? (
          <div className="up-help-pager" data-testid="help-pagination">
            <Pagination
              current={paging.page}
              pageSize={paging.pageSize}
              total={total}
              pageSizeOptions={PAGE_SIZES.map(String)}
              showSizeChanger
              onChange={goTo}
            />
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <HelpShell kind={kind} reader={reader}>
      <header className="up-help-head">
        <h1 className="up-help-head__title">{title}</h1>
        {ready ? <p className="up-help-head__lead">{th(`sections.${kind}`)}</p> : null}
      </header>
      {body}
    </HelpShell>
  );
}
