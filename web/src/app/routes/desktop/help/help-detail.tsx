import { ArrowLeftOutlined, CalendarOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Result, Tag } from 'antd';
import { Link, useLocation, useParams } from 'react-router-dom';
import { paths, type HelpKind } from '@/config/paths';
import { DetailStates, showsEntry } from '@/features/help-center/components/detail-states';
import { EntryHead } from '@/features/help-center/components/entry-head';
import { HelpArticle } from '@/features/help-center/components/help-article';
import { useHelpArticle } from '@/features/help-center/hooks/use-help-article';
import { CardLoadFailed } from './list-card';
import { HelpCardSkeleton, HelpShell, sectionIcons } from './help-shell';
import type { ListState } from './help-list';

/** DesktopHelpDetail is /help/{kind}/detail/:id: one article with its neighbours and the way back. */
export function DesktopHelpDetail({ kind }: { kind: HelpKind }) {
  const params = useParams();
  const location = useLocation();
  const { t, th, reader, detail, source, pageTitle, published, languageNote } = useHelpArticle(kind, params.id);

  // Back to the page of the list the reader came from, else its first page.
  const listSearch = (location.state as ListState | null)?.listSearch;
  const listTo = paths.help.list(kind) + (listSearch ? `?${listSearch}` : '');
  const backButton = (
    <Link to={listTo} className="up-help-linkbtn up-help-back" data-testid="help-back">
      <ArrowLeftOutlined aria-hidden="true" />
      <span>{th('detail.back')}</span>
    </Link>
  );

  const stateForNeighbour: ListState = { listSearch };
  const body = (
    <DetailStates
      source={source}
      loading={<HelpCardSkeleton rows={10} />}
      notFound={
        <div className="up-help-card up-help-card--pad" data-testid="help-not-found">
          <Result status="404" title={th('detail.notFoundTitle')} subTitle={th('detail.notFoundBody')} extra={backButton} />
        </div>
      }
      failed={<CardLoadFailed title={th('detail.loadFailed')} error={detail.error} onRetry={() => void detail.refetch()} />}
    >
      {(article) => (
        <article className="up-help-card up-help-detail" data-testid="help-detail" aria-labelledby="up-help-title">
          <EntryHead
            size="desktop"
            kind={
              <Tag bordered={false} className="up-help-detail__kind" icon={sectionIcons[kind]}>
                {t(`help.types.${kind}`)}
              </Tag>
            }
            titleId="up-help-title"
            title={article.title}
            at={published(article)}
            icon={<CalendarOutlined aria-hidden="true" />}
          />
          {languageNote(article) ? <Alert className="up-help-detail__lang" type="info" showIcon message={languageNote(article)} /> : null}
          <HelpArticle html={article.html} lang={article.lang} className="up-help-detail__body" />
          <footer className="up-help-detail__foot">
            {backButton}
            <nav className="up-help-detail__pager" aria-label={pageTitle}>
              {article.prevId !== null ? (
                <Link to={paths.help.detail(kind, article.prevId)} state={stateForNeighbour} className="up-help-linkbtn" data-testid="help-prev">
                  <LeftOutlined aria-hidden="true" />
                  <span>{th('detail.previous')}</span>
                </Link>
              ) : null}
              {article.nextId !== null ? (
                <Link to={paths.help.detail(kind, article.nextId)} state={stateForNeighbour} className="up-help-linkbtn" data-testid="help-next">
                  <span>{th('detail.next')}</span>
                  <RightOutlined aria-hidden="true" />
                </Link>
              ) : null}
            </nav>
          </footer>
        </article>
      )}
    </DetailStates>
  );

  return (
    <HelpShell kind={kind} reader={reader} crumb={detail.data?.title ?? pageTitle}>
      {/* The article's title is the page heading; until there is one, the page's name is. */}
      {showsEntry(source) ? null : (
        <header className="up-help-head">
          <h1 className="up-help-head__title">{pageTitle}</h1>
        </header>
      )}
      {body}
    </HelpShell>
  );
}
