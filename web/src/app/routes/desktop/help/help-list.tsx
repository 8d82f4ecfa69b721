import { RightOutlined } from '@ant-design/icons';
import { App, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths, type HelpKind } from '@/config/paths';
import { useHelpList } from '@/features/help-center/api/get-help-list';
import { useReadAllNotices } from '@/features/help-center/api/read-all-notices';
import { UnreadDot } from '@/features/help-center/components/unread-dot';
import { useHelpTexts } from '@/features/help-center/hooks/use-help-texts';
import { useReader } from '@/features/help-center/hooks/use-reader';
import { formatHelpDate, isNew, isoDate } from '@/features/help-center/model/format-date';
import { readPaging } from '@/features/help-center/model/paging';
import { langTag, listTitleKey } from '@/features/help-center/model/params';
import { useDocumentTitle } from '@/lib/use-document-title';
import { HelpCardSkeleton, HelpShell, useUnread } from './help-shell';
import { CardLoadFailed, ListCard, useUrlPaging } from './list-card';

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
  const [query] = useSearchParams();
  const list = useHelpList(kind, readPaging(query), reader);
  const { paging, goTo, listSearch } = useUrlPaging(list.data, list.isPlaceholderData);
  const unread = useUnread(reader);
  const readAll = useReadAllNotices();
  const title = t(listTitleKey(kind));
  useDocumentTitle(title);

  const markAllRead = () =>
    readAll.mutate(undefined, {
      onSuccess: (answer) => void message.success(answer.msg || t('messages.operateSuccess')),
    });

  const listState: ListState = { listSearch };
  const data = list.data;

  let body;
  if (!ready || (list.isPending && !data)) {
    body = <HelpCardSkeleton />;
  } else if (list.isError && !data) {
    body = <CardLoadFailed title={th('list.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    const rows = data?.rows ?? [];
    const total = data?.total ?? 0;
    body = (
      <ListCard
        testId="help-list"
        prefix="help"
        busy={list.isFetching}
        totalLabel={th('list.total', { count: total })}
        total={total}
        paging={paging}
        onPage={goTo}
        empty={rows.length === 0 ? th(`list.empty.${kind}`) : null}
        marks={
          kind === 'notice'
            ? {
                unread,
                unreadLabel: th('list.unreadCount', { count: unread }),
                markAllLabel: th('list.markAllRead'),
                onMarkAll: markAllRead,
                pending: readAll.isPending,
                disabled: unread === 0 && !rows.some((r) => r.read === false),
              }
            : undefined
        }
      >
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
      </ListCard>
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
