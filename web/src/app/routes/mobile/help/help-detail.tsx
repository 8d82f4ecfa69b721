import { Button, ErrorBlock, NoticeBar } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { mobilePaths, type HelpKind } from '@/config/paths';
import { isNotFound, useHelpDetail } from '@/features/help-center/api/get-help-detail';
import { HelpArticle } from '@/features/help-center/components/help-article';
import { useHelpTexts } from '@/features/help-center/hooks/use-help-texts';
import { useReader } from '@/features/help-center/hooks/use-reader';
import { formatHelpDateTime, isoDate } from '@/features/help-center/model/format-date';
import { detailTitleKey, parseArticleId } from '@/features/help-center/model/params';
import { errorMessage } from '@/lib/api-client';
import { LANG_NATIVE_NAMES, isLang } from '@/lib/language';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { FromList } from './help-list';
import { DetailSkeleton, LoadFailed, SubHeader, sectionIcons } from './shared';

/** MobileHelpDetail is /mobile/help/helpdetail?type=&id=: one article, its neighbours and the way back. */
export function MobileHelpDetail({ type }: { type: HelpKind }) {
  const { t } = useTranslation();
  const { t: th, ready } = useHelpTexts();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const reader = useReader();
  const id = parseArticleId(query.get('id'));
  const detail = useHelpDetail(type, id, reader);
  const article = detail.data;
  const pageTitle = t(detailTitleKey(type));
  useDocumentTitle(article?.title ?? pageTitle);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [id]);

  // Opened from the list: step back to it (its pages and place are kept); else open it.
  const fromList = (location.state as FromList | null)?.fromList === true;
  const backToList = () => (fromList ? navigate(-1) : navigate(mobilePaths.help.helplist(type)));
  const neighbour = (to: number | null) => {
    if (to !== null) navigate(mobilePaths.help.helpdetail(type, to), { replace: true, state: location.state });
  };

  let body;
  if (!ready || (id !== null && detail.isPending)) {
    body = <DetailSkeleton />;
  } else if (id === null || (detail.isError && isNotFound(detail.error))) {
    body = (
      <div className="up-mhelp-state" data-testid="help-not-found">
        <ErrorBlock status="empty" title={th('detail.notFoundTitle')} description={th('detail.notFoundBody')} fullPage={false}>
          <Link to={mobilePaths.help.helplist(type)} className="up-mhelp-linkbtn up-mhelp-linkbtn--primary">
            {th('detail.back')}
          </Link>
        </ErrorBlock>
      </div>
    );
  } else if (detail.isError || !article) {
    body = <LoadFailed title={th('detail.loadFailed')} detail={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />;
  } else {
    body = (
      <article className="up-mhelp-article" data-testid="help-detail" aria-labelledby="up-mhelp-title">
        <span className="up-mhelp-kind">
          {sectionIcons[type]}
          {t(`help.types.${type}`)}
        </span>
        <h1 id="up-mhelp-title" className="up-mhelp-article__title">
          {article.title}
        </h1>
        <p className="up-mhelp-article__meta">
          <time dateTime={isoDate(article.publishedAt)}>
            {th('detail.published', { date: formatHelpDateTime(article.publishedAt, reader.lang) })}
          </time>
        </p>
        {article.lang !== reader.lang && isLang(article.lang) ? (
          <NoticeBar
            className="up-mhelp-article__lang"
            color="info"
            wrap
            content={th('detail.otherLanguage', { language: LANG_NATIVE_NAMES[article.lang] })}
          />
        ) : null}
        <HelpArticle html={article.html} lang={article.lang} className="up-mhelp-article__body" />
        {article.prevId === null && article.nextId === null ? null : (
          <nav className="up-mhelp-pager" aria-label={pageTitle}>
            <Button disabled={article.prevId === null} onClick={() => neighbour(article.prevId)} data-testid="help-prev">
              <LeftOutline aria-hidden="true" /> {th('detail.previous')}
            </Button>
            <Button disabled={article.nextId === null} onClick={() => neighbour(article.nextId)} data-testid="help-next">
              {th('detail.next')} <RightOutline aria-hidden="true" />
            </Button>
          </nav>
        )}
        <Button block color="primary" fill="outline" className="up-mhelp-article__back" onClick={backToList} data-testid="help-back-list">
          {th('detail.back')}
        </Button>
      </article>
    );
  }

  return (
    <div className="up-mhelp up-mhelp--page">
      <SubHeader title={pageTitle} backLabel={ready ? th('detail.back') : pageTitle} onBack={backToList} heading={!article} />
      {body}
    </div>
  );
}
