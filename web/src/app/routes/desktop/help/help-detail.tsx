import { ArrowLeftOutlined, CalendarOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Result, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { paths, type HelpKind } from '@/config/paths';
import { isNotFound, useHelpDetail } from '@/features/help-center/api/get-help-detail';
import { HelpArticle } from '@/features/help-center/components/help-article';
import { useHelpTexts } from '@/features/help-center/hooks/use-help-texts';
import { useReader } from '@/features/help-center/hooks/use-reader';
import { formatHelpDateTime, isoDate } from '@/features/help-center/model/format-date';
import { detailTitleKey, parseArticleId } from '@/features/help-center/model/params';
import { LANG_NATIVE_NAMES, isLang } from '@/lib/language';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CardLoadFailed } from './list-card';
import { HelpCardSkeleton, HelpShell, sectionIcons } from './help-shell';
import type { ListState } from './help-list';

/** DesktopHelpDetail is /help/{kind}/detail/:id: one article with its neighbours and the way back. */
export function DesktopHelpDetail({ kind }: { kind: HelpKind }) {
  const { t } = useTranslation();
  const { t: th, ready } = useHelpTexts();
  const reader = useReader();
  const params = useParams();
  const location = useLocation();
  const id = parseArticleId(params.id);
  const detail = useHelpDetail(kind, id, reader);
  const article = detail.data;
  useDocumentTitle(article?.title ?? t(detailTitleKey(kind)));
  // Previous and next keep this page mounted: start each article at its top.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [id]);

  // Back to the page of the list the reader came from, else its first page.
  const listSearch = (location.state as ListState | null)?.listSearch;
  const listTo = paths.help.list(kind) + (listSearch ? `?${listSearch}` : '');
  const backButton = (
    <Link to={listTo} className="up-help-linkbtn up-help-back" data-testid="help-back">
      <ArrowLeftOutlined aria-hidden="true" />
      <span>{th('detail.back')}</span>
    </Link>
  );

  let body;
  if (!ready || (id !== null && detail.isPending)) {
    body = <HelpCardSkeleton rows={10} />;
  } else if (id === null || (detail.isError && isNotFound(detail.error))) {
    body = (
      <div className="up-help-card up-help-card--pad" data-testid="help-not-found">
        <Result status="404" title={th('detail.notFoundTitle')} subTitle={th('detail.notFoundBody')} extra={backButton} />
      </div>
    );
  } else if (detail.isError || !article) {
    body = <CardLoadFailed title={th('detail.loadFailed')} error={detail.error} onRetry={() => void detail.refetch()} />;
  } else {
    const stateForNeighbour: ListState = { listSearch };
    body = (
      <article className="up-help-card up-help-detail" data-testid="help-detail" aria-labelledby="up-help-title">
        <header className="up-help-detail__head">
          <Tag bordered={false} className="up-help-detail__kind" icon={sectionIcons[kind]}>
            {t(`help.types.${kind}`)}
          </Tag>
          <h1 id="up-help-title" className="up-help-detail__title">
            {article.title}
          </h1>
          <p className="up-help-detail__meta">
            <CalendarOutlined aria-hidden="true" />
            <time dateTime={isoDate(article.publishedAt)}>
              {th('detail.published', { date: formatHelpDateTime(article.publishedAt, reader.lang) })}
            </time>
          </p>
        </header>
        {article.lang !== reader.lang && isLang(article.lang) ? (
          <Alert
            className="up-help-detail__lang"
            type="info"
            showIcon
            message={th('detail.otherLanguage', { language: LANG_NATIVE_NAMES[article.lang] })}
          />
        ) : null}
        <HelpArticle html={article.html} lang={article.lang} className="up-help-detail__body" />
        <footer className="up-help-detail__foot">
          {backButton}
          <nav className="up-help-detail__pager" aria-label={t(detailTitleKey(kind))}>
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
    );
  }

  const showsArticle = ready && id !== null && Boolean(article) && !detail.isError;
  return (
    <HelpShell kind={kind} reader={reader} crumb={article?.title ?? t(detailTitleKey(kind))}>
      {/* The article's title is the page heading; until there is one, the page's name is. */}
      {showsArticle ? null : (
        <header className="up-help-head">
          <h1 className="up-help-head__title">{t(detailTitleKey(kind))}</h1>
        </header>
      )}
      {body}
    </HelpShell>
  );
}
