// /mobile/observerMode/help/helplist?type=infoList: the observer link's messages on a phone,
// loaded page after page. Data, read marks and the marker live in features/observer.
import { Tag, Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { HelpRow, messageRow } from '@/features/help-center/components/help-row';
import { formatHelpDateTime } from '@/features/help-center/model/format-date';
import { useMessageFeed, useReadAllMessages } from '@/features/observer/hooks/use-messages';
import { useObserverTexts } from '@/features/observer/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { FromList } from './help-list';
import { EndlessList, moreOf, ReadAllBar, SubHeader } from './shared';

/** MobileMessageList lists the link's messages, unread first marked, with "mark all as read". */
export function MobileMessageList() {
  const { t, i18n } = useTranslation();
  const { t: to, ready } = useObserverTexts();
  const navigate = useNavigate();
  const feed = useMessageFeed();
  const readAll = useReadAllMessages();
  const title = t('pages.infoList');
  useDocumentTitle(title);

  const rows = feed.data?.pages.flatMap((p) => p.rows) ?? [];
  const first = feed.data?.pages[0];
  const unread = first?.unReadCount ?? 0;
  const fromList: FromList = { fromList: true };
  const markAllRead = () =>
    readAll.mutate(undefined, { onSuccess: (answer) => Toast.show({ icon: 'success', content: answer.msg || t('messages.operateSuccess') }) });

  const body = (
    <EndlessList
      loading={!ready || feed.isPending}
      failed={feed.isError && rows.length === 0 ? { title: to('messages.loadFailed'), onRetry: () => void feed.refetch() } : null}
      empty={rows.length === 0 ? to('messages.empty') : null}
      emptyTestId="message-empty"
      more={moreOf(feed, to('messages.loading'), to('messages.end'))}
    >
      <ul className="up-mhelp-rows" data-testid="message-list">
        {rows.map((row) => (
          <HelpRow
            key={row.id}
            size="mobile"
            to={mobilePaths.observerMode.helpdetail('infoList', row.id)}
            state={fromList}
            unreadLabel={to('messages.unread')}
            {...messageRow(row, formatHelpDateTime(row.publishedAt, i18n.language))}
            badge={<Tag fill="outline">{to(`messages.kinds.${row.kind}`)}</Tag>}
            go={<RightOutline className="up-mhelp-row__go" aria-hidden="true" />}
          />
        ))}
      </ul>
    </EndlessList>
  );

  return (
    <div className="up-mhelp up-mhelp--page">
      <SubHeader title={title} backLabel={t('pages.observerList')} onBack={() => navigate(mobilePaths.observerMode.observerList)} />
      {ready && first ? (
        <div className="up-mhelp-toolbar">
          <span data-testid="message-total">{to('messages.total', { count: first.total })}</span>
          <ReadAllBar
            prefix="message"
            unread={unread}
            unreadLabel={to('messages.unreadCount', { count: unread })}
            label={to('messages.markAllRead')}
            onClick={markAllRead}
            pending={readAll.isPending}
            disabled={unread === 0}
          />
        </div>
      ) : null}
      {body}
    </div>
  );
}
