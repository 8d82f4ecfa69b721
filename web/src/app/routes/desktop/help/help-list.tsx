import { RightOutlined } from '@ant-design/icons';
import { App, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { paths, type HelpKind } from '@/config/paths';
import { useHelpList } from '@/features/help-center/api/get-help-list';
import { useReadAllNotices } from '@/features/help-center/api/read-all-notices';
import { HelpRow } from '@/features/help-center/components/help-row';
import { useHelpTexts } from '@/features/help-center/hooks/use-help-texts';
import { useReader } from '@/features/help-center/hooks/use-reader';
import { formatHelpDate, isNew } from '@/features/help-center/model/format-date';
import { readPaging } from '@/features/help-center/model/paging';
import { listTitleKey } from '@/features/help-center/model/params';
import { useDocumentTitle } from '@/lib/use-document-title';
import { HelpShell, useUnread } from './help-shell';
import { PagedListCard, useUrlPaging } from './list-card';

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
  const body = (
    <PagedListCard
      ready={ready}
      list={list}
      failedTitle={th('list.loadFailed')}
      testId="help-list"
      prefix="help"
      paging={paging}
      onPage={goTo}
      describe={(rows, total) => ({
        totalLabel: th('list.total', { count: total }),
        empty: rows.length === 0 ? th(`list.empty.${kind}`) : null,
        marks:
          kind === 'notice'
            ? {
                unread,
                unreadLabel: th('list.unreadCount', { count: unread }),
                markAllLabel: th('list.markAllRead'),
                onMarkAll: markAllRead,
                pending: readAll.isPending,
                disabled: unread === 0 && !rows.some((r) => r.read === false),
              }
            : undefined,
      })}
      row={(row) => (
        <HelpRow
          key={row.id}
          size="desktop"
          to={paths.help.detail(kind, row.id)}
          state={listState}
          testId="help-row"
          unread={kind === 'notice' && row.read === false}
          unreadLabel={th('list.unread')}
          read={kind === 'notice' ? row.read !== false : undefined}
          lang={row.lang}
          title={row.title}
          summary={row.summary}
          badge={
            kind !== 'faq' && isNew(row.publishedAt) ? (
              <Tag color="green" bordered={false} className="up-help-row__new">
                {th('list.new')}
              </Tag>
            ) : null
          }
          at={kind === 'faq' ? null : { ms: row.publishedAt, text: formatHelpDate(row.publishedAt, reader.lang) }}
          go={<RightOutlined className="up-help-row__go" aria-hidden="true" />}
        />
      )}
    />
  );

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
