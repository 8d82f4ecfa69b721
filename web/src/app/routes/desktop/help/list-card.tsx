// The desktop's paged list card, shared by the help centre's sections and the observer's
// messages: a toolbar with the count (and, for lists with read marks, the unread count and
// "mark all as read"), the rows or an empty state, and the pager; the page and size live
// in the address, so "back to the list" returns to the same page.
import { CheckOutlined } from '@ant-design/icons';
import { Button, Empty, Pagination, Tag } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { PAGE_SIZES, pageAfterLoad, readPaging, writePaging, type Paging } from '@/features/help-center/model/paging';
import { HelpCardSkeleton } from './help-shell';

/**
 * useUrlPaging reads ?page=&pageSize=, moves an old address past the last page to the
 * last page once data arrives, and gives goTo for the pager (a new size starts at page 1).
 */
export function useUrlPaging(data: { total: number; pageSize: number; rows: readonly unknown[] } | undefined, placeholder: boolean) {
  const [query, setQuery] = useSearchParams();
  const paging = readPaging(query);
  const fixPage = data && !placeholder ? pageAfterLoad(paging.page, data) : null;
  useEffect(() => {
    if (fixPage !== null) setQuery(writePaging(query, { ...paging, page: fixPage }), { replace: true });
  }, [fixPage, paging, query, setQuery]);
  const goTo = (page: number, pageSize: number) => {
    setQuery(writePaging(query, { page: pageSize === paging.pageSize ? page : 1, pageSize }));
    window.scrollTo({ top: 0 });
  };
  return { paging, goTo, listSearch: query.toString() };
}

/** ReadMarks is the toolbar's part for lists with read marks. */
export interface ReadMarks {
  unread: number;
  unreadLabel: string;
  markAllLabel: string;
  onMarkAll: () => void;
  pending: boolean;
  disabled: boolean;
}

export function ListCard({
  testId,
  prefix,
  busy,
  totalLabel,
  total,
  paging,
  onPage,
  empty,
  marks,
  children,
}: {
  /** testId names the card; prefix names its parts (prefix-total, prefix-read-all, ...). */
  testId: string;
  prefix: string;
  busy: boolean;
  totalLabel: string;
  total: number;
  paging: Paging;
  onPage: (page: number, pageSize: number) => void;
  /** empty is said when there are no rows; children are the rows (li elements). */
  empty: string | null;
  marks?: ReadMarks;
  children: ReactNode;
}) {
  return (
    <div className="up-help-card" data-testid={testId} aria-busy={busy}>
      <div className="up-help-toolbar">
        <span className="up-help-toolbar__count" data-testid={`${prefix}-total`}>
          {totalLabel}
        </span>
        {marks ? (
          <div className="up-help-toolbar__actions">
            {marks.unread > 0 ? (
              <Tag color="red" bordered={false} data-testid={`${prefix}-unread-count`}>
                {marks.unreadLabel}
              </Tag>
            ) : null}
            <Button icon={<CheckOutlined />} onClick={marks.onMarkAll} loading={marks.pending} disabled={marks.disabled} data-testid={`${prefix}-read-all`}>
              {marks.markAllLabel}
            </Button>
          </div>
        ) : null}
      </div>
      {empty !== null ? <Empty className="up-help-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> : <ol className="up-help-rows">{children}</ol>}
      {total > 0 ? (
        <div className="up-help-pager" data-testid={`${prefix}-pagination`}>
          <Pagination current={paging.page} pageSize={paging.pageSize} total={total} pageSizeOptions={PAGE_SIZES.map(String)} showSizeChanger onChange={onPage} />
        </div>
      ) : null}
    </div>
  );
}

/** CardLoadFailed says a list or an article could not be loaded, why, and offers a retry. */
export function CardLoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="up-help-card up-help-card--pad up-help-state" role="alert">
      <p>{title}</p>
      <p className="up-help-state__detail">{errorMessage(error)}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}

/** PagedQuery is what PagedListCard reads of a page's query. */
export interface PagedQuery<R> {
  data?: { rows: R[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * PagedListCard is a paged list with its states: a skeleton while the texts or the first
 * page load, the failure with a retry, then the ListCard; describe says the count, the
 * empty text and the read marks of the rows shown, row draws one row.
 */
export function PagedListCard<R>({
  ready,
  list,
  failedTitle,
  testId,
  prefix,
  paging,
  onPage,
  describe,
  row,
}: {
  ready: boolean;
  list: PagedQuery<R>;
  failedTitle: string;
  testId: string;
  prefix: string;
  paging: Paging;
  onPage: (page: number, pageSize: number) => void;
  describe: (rows: R[], total: number) => { totalLabel: string; empty: string | null; marks?: ReadMarks };
  row: (r: R) => ReactNode;
}) {
  const data = list.data;
  if (!ready || (list.isPending && !data)) return <HelpCardSkeleton />;
  if (list.isError && !data) return <CardLoadFailed title={failedTitle} error={list.error} onRetry={() => void list.refetch()} />;
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  const d = describe(rows, total);
  return (
    <ListCard testId={testId} prefix={prefix} busy={list.isFetching} total={total} paging={paging} onPage={onPage} {...d}>
      {rows.map(row)}
    </ListCard>
  );
}
