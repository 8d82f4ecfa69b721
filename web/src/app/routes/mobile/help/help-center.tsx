import { Badge, Button, ErrorBlock } from 'antd-mobile';
import { LockOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { mobilePaths, type HelpKind } from '@/config/paths';
import { useHelpList } from '@/features/help-center/api/get-help-list';
import { useNoticeUnread } from '@/features/help-center/api/get-notice-unread';
import { useHelpTexts } from '@/features/help-center/hooks/use-help-texts';
import { useReader, type HelpReader } from '@/features/help-center/hooks/use-reader';
import { formatHelpDate, isNew, isoDate } from '@/features/help-center/model/format-date';
import { DEFAULT_PAGE_SIZE } from '@/features/help-center/model/paging';
import { SECTION_ORDER, langTag } from '@/features/help-center/model/params';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ListSkeleton, SubHeader, sectionIcons, useLoginPrompt } from './shared';

type HelpT = ReturnType<typeof useHelpTexts>['t'];

/** Latest lists the newest entries of a public section under its heading. */
function Latest({ kind, count, reader, th }: { kind: Exclude<HelpKind, 'notice'>; count: number; reader: HelpReader; th: HelpT }) {
  const { t } = useTranslation();
  const list = useHelpList(kind, { page: 1, pageSize: DEFAULT_PAGE_SIZE }, reader);
  const rows = list.data?.rows.slice(0, count) ?? [];
  const headingId = `up-mhelp-latest-${kind}`;
  return (
    <section className="up-mhelp-block" aria-labelledby={headingId} data-testid={`help-section-${kind}`}>
      <div className="up-mhelp-block__head">
        <h2 id={headingId}>{t(`help.types.${kind}`)}</h2>
        <Link to={mobilePaths.help.helplist(kind)} className="up-mhelp-block__more">
          {th('home.viewAll')}
          <RightOutline aria-hidden="true" />
        </Link>
      </div>
      {list.isPending ? (
        <ListSkeleton rows={2} />
      ) : list.isError ? (
        <div className="up-mhelp-block__empty" role="alert">
          <p>{th('home.loadFailed')}</p>
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="up-mhelp-block__empty">{th('home.empty')}</p>
      ) : (
        <ul className="up-mhelp-latest">
          {rows.map((row) => (
            <li key={row.id}>
              <Link to={mobilePaths.help.helpdetail(kind, row.id)} className="up-mhelp-latest__link" data-testid={`help-latest-${kind}`}>
                <span className="up-mhelp-latest__title" lang={langTag(row.lang)}>
                  {row.title}
                </span>
                {/* FAQ answers are kept current: their date says little. */}
                {kind === 'faq' ? null : (
                  <span className="up-mhelp-latest__meta">
                    {isNew(row.publishedAt) ? <span className="up-mhelp-new">{th('list.new')}</span> : null}
                    <time dateTime={isoDate(row.publishedAt)}>{formatHelpDate(row.publishedAt, reader.lang)}</time>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** MobileHelpCenter is /mobile/help/helpcenter: the three sections, then the newest announcements and questions. */
export function MobileHelpCenter() {
  const { t } = useTranslation();
  const { t: th, ready } = useHelpTexts();
  const navigate = useNavigate();
  const reader = useReader();
  const askLogin = useLoginPrompt();
  const unread = useNoticeUnread(reader.account, reader.loggedIn).data ?? 0;
  useDocumentTitle(t('pages.helpCenter'));

  const open = (kind: HelpKind) => {
    if (kind === 'notice' && !reader.loggedIn) askLogin();
    else navigate(mobilePaths.help.helplist(kind));
  };

  return (
    <div className="up-mhelp" data-testid="help-center">
      <header className="up-mhelp-hero">
        <p className="up-mhelp-hero__eyebrow">{t('pages.helpCenter')}</p>
        <h1 className="up-mhelp-hero__title">{ready ? th('home.heading') : t('pages.helpCenter')}</h1>
        {ready ? <p className="up-mhelp-hero__intro">{th('home.intro')}</p> : null}
      </header>
      {!ready ? (
        <ListSkeleton rows={3} />
      ) : (
        <>
          <nav className="up-mhelp-sections" aria-label={th('sections.label')}>
            {SECTION_ORDER.map((kind) => (
              <button
                key={kind}
                type="button"
                className={`up-mhelp-entry up-mhelp-entry--${kind}`}
                onClick={() => open(kind)}
                data-testid={`help-entry-${kind}`}
              >
                <span className="up-mhelp-entry__icon" aria-hidden="true">
                  {sectionIcons[kind]}
                </span>
                <span className="up-mhelp-entry__text">
                  <span className="up-mhelp-entry__title">{t(`help.types.${kind}`)}</span>
                  <span className="up-mhelp-entry__desc">
                    {kind === 'notice' && !reader.loggedIn ? th('home.noticeLoginAction') : th(`sections.${kind}`)}
                  </span>
                </span>
                {kind === 'notice' && !reader.loggedIn ? <LockOutline className="up-mhelp-entry__lock" aria-hidden="true" /> : null}
                {kind === 'notice' && unread > 0 ? (
                  <Badge content={unread > 99 ? '99+' : unread} aria-label={t('nav.unreadMessages', { count: unread })} />
                ) : null}
                <RightOutline className="up-mhelp-entry__arrow" aria-hidden="true" />
              </button>
            ))}
          </nav>
          <Latest kind="announcement" count={3} reader={reader} th={th} />
          <Latest kind="faq" count={5} reader={reader} th={th} />
          <section className="up-mhelp-tutorials" aria-labelledby="up-mhelp-tutorials">
            <h2 id="up-mhelp-tutorials">{th('home.tutorialsTitle')}</h2>
            <p>{th('home.tutorialsBody')}</p>
            <Link to={mobilePaths.tutorial.root} className="up-mhelp-linkbtn">
              {th('home.tutorialsAction')}
              <RightOutline aria-hidden="true" />
            </Link>
          </section>
        </>
      )}
    </div>
  );
}

/** UnknownSection is a list or detail address whose ?type= names no section. */
export function UnknownSection() {
  const { t } = useTranslation();
  const { t: th, ready } = useHelpTexts();
  const navigate = useNavigate();
  useDocumentTitle(t('pages.helpCenter'));
  return (
    <div className="up-mhelp up-mhelp--page">
      <SubHeader title={t('pages.helpCenter')} backLabel={t('pages.helpCenter')} onBack={() => navigate(mobilePaths.help.helpcenter)} />
      {!ready ? (
        <ListSkeleton rows={2} />
      ) : (
        <div className="up-mhelp-state" data-testid="help-unknown-type">
          <ErrorBlock status="empty" title={th('mobile.unknownTitle')} description={th('mobile.unknownBody')} fullPage={false}>
            <Link to={mobilePaths.help.helpcenter} className="up-mhelp-linkbtn up-mhelp-linkbtn--primary">
              {th('mobile.toHelpCenter')}
            </Link>
          </ErrorBlock>
        </div>
      )}
    </div>
  );
}
