import { Button, Dialog, DotLoading, ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import { BellOutline, CheckOutline, LeftOutline, QuestionCircleOutline, RightOutline, SoundOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mobilePaths, type HelpKind } from '@/config/paths';
import { MobileSkeletonRows } from '@/components/mobile-skeleton';
import './help.css';

/** sectionIcons are the mobile icons of the three sections. */
export const sectionIcons: Record<HelpKind, ReactNode> = {
  announcement: <SoundOutline />,
  faq: <QuestionCircleOutline />,
  notice: <BellOutline />,
};

/**
 * useLoginPrompt gives a function that asks a visitor to log in, as the mobile
 * menu does for entries that need an account (SPEC.md section 2): "I know"
 * stays, "go login" opens /mobile/login.
 */
export function useLoginPrompt(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    Dialog.confirm({
      title: t('dialog.loginRequiredTitle'),
      content: t('dialog.loginRequiredBody'),
      cancelText: t('dialog.iKnow'),
      confirmText: t('dialog.goLogin'),
      onConfirm: () => navigate(mobilePaths.login),
    });
  };
}

/**
 * SubHeader is the light bar under the site nav: a back button and the page's
 * title, the page's heading unless the page has its own (an article's title).
 */
export function SubHeader({
  title,
  onBack,
  backLabel,
  extra,
  heading = true,
}: {
  title: string;
  onBack: () => void;
  backLabel: string;
  extra?: ReactNode;
  heading?: boolean;
}) {
  const Title = heading ? 'h1' : 'p';
  return (
    <header className="up-mhelp-bar">
      <button type="button" className="up-mhelp-bar__back" onClick={onBack} aria-label={backLabel} data-testid="help-back">
        <LeftOutline fontSize={20} />
      </button>
      <Title className="up-mhelp-bar__title">{title}</Title>
      <div className="up-mhelp-bar__extra">{extra}</div>
    </header>
  );
}

/** NextPages is what EndlessList needs of an infinite query to load its next pages. */
interface NextPages {
  hasNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

/**
 * moreOf is EndlessList's more of an infinite query: whether there is a next page, whether
 * it failed, loading it as the list nears its end (without cancelling a load under way) and
 * retrying; loading and end are the texts under the list.
 */
export function moreOf(q: NextPages, loading: string, end: string) {
  return {
    hasMore: q.hasNextPage,
    failed: q.isFetchNextPageError,
    load: () => q.fetchNextPage({ cancelRefetch: false }),
    retry: () => void q.fetchNextPage(),
    loading,
    end,
  };
}

/** ListSkeleton fills a list while it loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return <MobileSkeletonRows rows={rows} className="up-mhelp-skeleton" rowClassName="up-mhelp-skeleton__row" />;
}

/** DetailSkeleton fills an article or message while it loads. */
export function DetailSkeleton() {
  return (
    <div className="up-mhelp-article" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={8} animated />
    </div>
  );
}

/** LoadFailed says a list or an article could not be loaded, with a retry. */
export function LoadFailed({ title, detail = '', onRetry }: { title: string; detail?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="up-mhelp-state" role="alert">
      <ErrorBlock status="default" title={title} description={detail} fullPage={false}>
        <Button color="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    </div>
  );
}

/** EndlessList is a list loaded page after page as the reader scrolls, with its states. */
export function EndlessList({
  loading,
  failed,
  empty,
  emptyTestId,
  more,
  children,
}: {
  /** loading shows the skeleton; failed the error with a retry (nothing loaded). */
  loading: boolean;
  failed: { title: string; onRetry: () => void } | null;
  /** empty is said when nothing is listed (null: there are rows). */
  empty: string | null;
  emptyTestId?: string;
  more: { hasMore: boolean; failed: boolean; load: () => Promise<unknown>; retry: () => void; loading: string; end: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (loading) return <ListSkeleton />;
  if (failed) return <LoadFailed title={failed.title} onRetry={failed.onRetry} />;
  if (empty !== null) {
    return (
      <div className="up-mhelp-state" data-testid={emptyTestId}>
        <ErrorBlock status="empty" title={empty} description="" fullPage={false} />
      </div>
    );
  }
  return (
    <>
      {children}
      <InfiniteScroll
        loadMore={async () => {
          await more.load();
        }}
        hasMore={more.hasMore && !more.failed}
        threshold={200}
      >
        <span className="up-mhelp-more" data-testid="help-list-end">
          {more.failed ? (
            <Button size="small" onClick={more.retry}>
              {t('common.retry')}
            </Button>
          ) : more.hasMore ? (
            <>
              {more.loading} <DotLoading />
            </>
          ) : (
            more.end
          )}
        </span>
      </InfiniteScroll>
    </>
  );
}

/** ReadAllBar is the unread count and "mark all as read" of a list with read marks. */
export function ReadAllBar({
  unread,
  unreadLabel,
  label,
  onClick,
  pending,
  disabled,
  prefix,
}: {
  unread: number;
  unreadLabel: string;
  label: string;
  onClick: () => void;
  pending: boolean;
  disabled: boolean;
  /** prefix names the parts for tests (prefix-unread-count, prefix-read-all). */
  prefix: string;
}) {
  return (
    <span className="up-mhelp-toolbar__actions">
      {unread > 0 ? (
        <span className="up-mhelp-toolbar__unread" data-testid={`${prefix}-unread-count`}>
          {unreadLabel}
        </span>
      ) : null}
      <Button size="small" fill="outline" color="primary" onClick={onClick} loading={pending} disabled={disabled} data-testid={`${prefix}-read-all`}>
        <CheckOutline aria-hidden="true" /> {label}
      </Button>
    </span>
  );
}

/** DetailFoot is the end of an article or a message: the previous and next buttons (when there are any) and the way back to the list. */
export function DetailFoot({
  prevId,
  nextId,
  onNeighbour,
  label,
  prefix,
  previous,
  next,
  back,
  onBack,
  backTestId,
}: {
  prevId: string | number | null;
  nextId: string | number | null;
  onNeighbour: (id: string | number | null) => void;
  /** label names the pager; prefix its buttons for tests (prefix-prev, prefix-next). */
  label: string;
  prefix: string;
  previous: string;
  next: string;
  back: string;
  onBack: () => void;
  backTestId: string;
}) {
  return (
    <>
      {prevId === null && nextId === null ? null : (
        <nav className="up-mhelp-pager" aria-label={label}>
          <Button disabled={prevId === null} onClick={() => onNeighbour(prevId)} data-testid={`${prefix}-prev`}>
            <LeftOutline aria-hidden="true" /> {previous}
          </Button>
          <Button disabled={nextId === null} onClick={() => onNeighbour(nextId)} data-testid={`${prefix}-next`}>
            {next} <RightOutline aria-hidden="true" />
          </Button>
        </nav>
      )}
      <Button block color="primary" fill="outline" className="up-mhelp-article__back" onClick={onBack} data-testid={backTestId}>
        {back}
      </Button>
    </>
  );
}
