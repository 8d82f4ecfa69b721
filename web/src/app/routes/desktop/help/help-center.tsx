import { ArrowRightOutlined, BookOutlined, LockOutlined } from '@ant-design/icons';
import { Badge, Button, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths, type HelpKind } from '@/config/paths';
import { useHelpList } from '@/features/help-center/api/get-help-list';
import { UnreadDot } from '@/features/help-center/components/unread-dot';
import { useHelpTexts } from '@/features/help-center/hooks/use-help-texts';
import { useReader, type HelpReader } from '@/features/help-center/hooks/use-reader';
import { formatHelpDate, isNew, isoDate } from '@/features/help-center/model/format-date';
import { DEFAULT_PAGE_SIZE } from '@/features/help-center/model/paging';
import { SECTION_ORDER, langTag } from '@/features/help-center/model/params';
import { useDocumentTitle } from '@/lib/use-document-title';
import { sectionIcons, useUnread } from './help-shell';
import './help.css';

/** LATEST is how many entries each section card shows. */
const LATEST = 5;

type HelpT = ReturnType<typeof useHelpTexts>['t'];

function SectionCard({ kind, reader, th }: { kind: HelpKind; reader: HelpReader; th: HelpT }) {
  const { t } = useTranslation();
  const locked = kind === 'notice' && !reader.loggedIn;
  // The first page of the list page, so opening "view all" needs no second call.
  const list = useHelpList(kind, { page: 1, pageSize: DEFAULT_PAGE_SIZE }, reader, !locked);
  const unread = useUnread(reader);
  const rows = list.data?.rows.slice(0, LATEST) ?? [];
  const headingId = `up-help-section-${kind}`;

  let content;
  if (locked) {
    content = (
      <div className="up-help-locked" data-testid="help-notice-login">
        <span className="up-help-locked__icon" aria-hidden="true">
          <LockOutlined />
        </span>
        <p>{th('home.noticeLogin')}</p>
        <Link to={paths.login} className="up-help-linkbtn up-help-linkbtn--primary" data-testid="help-notice-login-link">
          {th('home.noticeLoginAction')}
        </Link>
      </div>
    );
  } else if (list.isPending) {
    content = <Skeleton active title={false} paragraph={{ rows: 4 }} className="up-help-section__loading" />;
  } else if (list.isError) {
    content = (
      <div className="up-help-section__empty" role="alert">
        <p>{th('home.loadFailed')}</p>
        <Button size="small" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    content = <p className="up-help-section__empty">{th('home.empty')}</p>;
  } else {
    content = (
      <ul className="up-help-latest">
        {rows.map((row) => (
          <li key={row.id}>
            <Link to={paths.help.detail(kind, row.id)} className="up-help-latest__link" data-testid={`help-latest-${kind}`}>
              <span className="up-help-latest__title">
                {kind === 'notice' && row.read === false ? <UnreadDot label={th('list.unread')} /> : null}
                <span lang={langTag(row.lang)}>{row.title}</span>
              </span>
              {/* FAQ answers are kept current: their date says little. */}
              {kind === 'faq' ? null : (
                <span className="up-help-latest__meta">
                  <time dateTime={isoDate(row.publishedAt)}>{formatHelpDate(row.publishedAt, reader.lang)}</time>
                  {isNew(row.publishedAt) ? (
                    <Tag color="green" bordered={false} className="up-help-latest__new">
                      {th('list.new')}
                    </Tag>
                  ) : null}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={`up-help-card up-help-section up-help-section--${kind}`} aria-labelledby={headingId} data-testid={`help-section-${kind}`}>
      <header className="up-help-section__head">
        <span className="up-help-section__icon" aria-hidden="true">
          {sectionIcons[kind]}
        </span>
        <div className="up-help-section__heading">
          <h2 id={headingId} className="up-help-section__title">
            <Link to={paths.help.list(kind)}>{t(`help.types.${kind}`)}</Link>
            {kind === 'notice' && unread > 0 ? (
              <Badge count={unread} overflowCount={99} aria-label={t('nav.unreadMessages', { count: unread })} />
            ) : null}
          </h2>
          <p className="up-help-section__desc">{th(`sections.${kind}`)}</p>
        </div>
      </header>
      <div className="up-help-section__body">{content}</div>
      {locked ? null : (
        <footer className="up-help-section__foot">
          <Link to={paths.help.list(kind)} className="up-help-more" data-testid={`help-more-${kind}`}>
            {th('home.viewAll')}
            <ArrowRightOutlined aria-hidden="true" />
          </Link>
        </footer>
      )}
    </section>
  );
}

/** DesktopHelpCenter is /help: the three sections with their latest entries, and the tutorials. */
export function DesktopHelpCenter() {
  const { t } = useTranslation();
  const { t: th, ready } = useHelpTexts();
  const reader = useReader();
  useDocumentTitle(t('pages.helpCenter'));

  return (
    <div className="up-help-home" data-testid="help-center">
      <div className="up-help-hero">
        <div className="up-help-hero__inner">
          <p className="up-help-hero__eyebrow">{t('pages.helpCenter')}</p>
          <h1 className="up-help-hero__title">{ready ? th('home.heading') : t('pages.helpCenter')}</h1>
          {ready ? <p className="up-help-hero__intro">{th('home.intro')}</p> : null}
        </div>
      </div>
      <div className="up-help-home__body">
        {ready ? (
          <>
            <div className="up-help-sections">
              {SECTION_ORDER.map((kind) => (
                <SectionCard key={kind} kind={kind} reader={reader} th={th} />
              ))}
            </div>
            <aside className="up-help-card up-help-tutorials" aria-labelledby="up-help-tutorials">
              <span className="up-help-tutorials__icon" aria-hidden="true">
                <BookOutlined />
              </span>
              <div className="up-help-tutorials__text">
                <h2 id="up-help-tutorials">{th('home.tutorialsTitle')}</h2>
                <p>{th('home.tutorialsBody')}</p>
              </div>
              <Link to={paths.tutorial.root} className="up-help-linkbtn">
                {th('home.tutorialsAction')}
                <ArrowRightOutlined aria-hidden="true" />
              </Link>
            </aside>
          </>
        ) : (
          <div className="up-help-sections">
            {SECTION_ORDER.map((kind) => (
              <div key={kind} className="up-help-card up-help-card--pad">
                <Skeleton active paragraph={{ rows: 5 }} />
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
