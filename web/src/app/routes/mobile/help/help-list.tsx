import { Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MobileTabs } from '@/components/mobile-tabs';
import { mobilePaths, type HelpKind } from '@/config/paths';
import { useHelpListInfinite } from '@/features/help-center/api/get-help-list';
import { useNoticeUnread } from '@/features/help-center/api/get-notice-unread';
import { useReadAllNotices } from '@/features/help-center/api/read-all-notices';
import { HelpRow } from '@/features/help-center/components/help-row';
import { useHelpTexts } from '@/features/help-center/hooks/use-help-texts';
import { useReader } from '@/features/help-center/hooks/use-reader';
import { formatHelpDate, isNew } from '@/features/help-center/model/format-date';
import { MOBILE_PAGE_SIZE } from '@/features/help-center/model/paging';
import { SECTION_ORDER, listTitleKey } from '@/features/help-center/model/params';
import { useDocumentTitle } from '@/lib/use-document-title';
import { EndlessList, moreOf, ReadAllBar, SubHeader, useLoginPrompt } from './shared';

/** FromList marks a detail opened from the list, so "back" returns to the same scroll position. */
export interface FromList {
  fromList?: boolean;
}

/** MobileHelpList is /mobile/help/helplist?type=: a section's articles, loaded page after page as the reader scrolls. */
export function MobileHelpList({ type }: { type: HelpKind }) {
  const { t } = useTranslation();
  const { t: th, ready } = useHelpTexts();
  const navigate = useNavigate();
  const reader = useReader();
  const askLogin = useLoginPrompt();
  const list = useHelpListInfinite(type, MOBILE_PAGE_SIZE, reader);
  const unread = useNoticeUnread(reader.account, type === 'notice' && reader.loggedIn).data ?? 0;
  const readAll = useReadAllNotices();
  const title = t(listTitleKey(type));
  useDocumentTitle(title);

  const switchTo = (kind: HelpKind) => {
    if (kind === type) return;
    if (kind === 'notice' && !reader.loggedIn) {
      askLogin();
      return;
    }
    navigate(mobilePaths.help.helplist(kind), { replace: true });
  };

  const markAllRead = () =>
    readAll.mutate(undefined, {
      onSuccess: (answer) => {
        Toast.show({ icon: 'success', content: answer.msg || t('messages.operateSuccess') });
      },
    });

  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const fromList: FromList = { fromList: true };

  const body = (
    <EndlessList
      loading={!ready || list.isPending}
      failed={list.isError && rows.length === 0 ? { title: th('list.loadFailed'), onRetry: () => void list.refetch() } : null}
      empty={rows.length === 0 ? th(`list.empty.${type}`) : null}
      more={moreOf(list, th('list.loading'), th('list.end'))}
    >
      <ul className="up-mhelp-rows" data-testid="help-list">
        {rows.map((row) => (
          <HelpRow
            key={row.id}
            size="mobile"
            to={mobilePaths.help.helpdetail(type, row.id)}
            state={fromList}
            testId="help-row"
            unread={type === 'notice' && row.read === false}
            unreadLabel={th('list.unread')}
            read={type === 'notice' ? row.read !== false : undefined}
            lang={row.lang}
            title={row.title}
            summary={row.summary}
            badge={type !== 'faq' && isNew(row.publishedAt) ? <span className="up-mhelp-new">{th('list.new')}</span> : null}
            at={type === 'faq' ? null : { ms: row.publishedAt, text: formatHelpDate(row.publishedAt, reader.lang) }}
            go={<RightOutline className="up-mhelp-row__go" aria-hidden="true" />}
          />
        ))}
      </ul>
    </EndlessList>
  );

  return (
    <div className="up-mhelp up-mhelp--page">
      <SubHeader title={title} backLabel={t('pages.helpCenter')} onBack={() => navigate(mobilePaths.help.helpcenter)} />
      <MobileTabs
        tabs={SECTION_ORDER.map((kind) => ({ key: kind, label: t(`help.types.${kind}`) }))}
        active={type}
        onChange={switchTo}
        label={ready ? th('sections.label') : t('pages.helpCenter')}
        testId="help-tabs"
      />
      {ready && !list.isPending && !(list.isError && rows.length === 0) ? (
        <div className="up-mhelp-toolbar">
          <span data-testid="help-total">{th('list.total', { count: total })}</span>
          {type === 'notice' ? (
            <ReadAllBar
              prefix="help"
              unread={unread}
              unreadLabel={th('list.unreadCount', { count: unread })}
              label={th('list.markAllRead')}
              onClick={markAllRead}
              pending={readAll.isPending}
              disabled={unread === 0 && !rows.some((r) => r.read === false)}
            />
          ) : null}
        </div>
      ) : null}
      {body}
    </div>
  );
}
