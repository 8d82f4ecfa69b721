import { ErrorBlock, NoticeBar } from 'antd-mobile';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { mobilePaths, type HelpKind } from '@/config/paths';
import { DetailStates } from '@/features/help-center/components/detail-states';
import { EntryHead } from '@/features/help-center/components/entry-head';
import { HelpArticle } from '@/features/help-center/components/help-article';
import { useHelpArticle } from '@/features/help-center/hooks/use-help-article';
import { errorMessage } from '@/lib/api-client';
import type { FromList } from './help-list';
import { DetailFoot, DetailSkeleton, LoadFailed, SubHeader, sectionIcons } from './shared';

/** MobileHelpDetail is /mobile/help/helpdetail?type=&id=: one article, its neighbours and the way back. */
export function MobileHelpDetail({ type }: { type: HelpKind }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const { t, th, ready, detail, source, pageTitle, published, languageNote } = useHelpArticle(type, query.get('id'));

  // Opened from the list: step back to it (its pages and place are kept); else open it.
  const fromList = (location.state as FromList | null)?.fromList === true;
  const backToList = () => (fromList ? navigate(-1) : navigate(mobilePaths.help.helplist(type)));
  const neighbour = (to: string | number | null) => {
    if (to !== null) navigate(mobilePaths.help.helpdetail(type, to), { replace: true, state: location.state });
  };

  const body = (
    <DetailStates
      source={source}
      loading={<DetailSkeleton />}
      notFound={
        <div className="up-mhelp-state" data-testid="help-not-found">
          <ErrorBlock status="empty" title={th('detail.notFoundTitle')} description={th('detail.notFoundBody')} fullPage={false}>
            <Link to={mobilePaths.help.helplist(type)} className="up-mhelp-linkbtn up-mhelp-linkbtn--primary">
              {th('detail.back')}
            </Link>
          </ErrorBlock>
        </div>
      }
      failed={<LoadFailed title={th('detail.loadFailed')} detail={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />}
    >
      {(article) => (
        <article className="up-mhelp-article" data-testid="help-detail" aria-labelledby="up-mhelp-title">
          <EntryHead
            size="mobile"
            kind={
              <span className="up-mhelp-kind">
                {sectionIcons[type]}
                {t(`help.types.${type}`)}
              </span>
            }
            titleId="up-mhelp-title"
            title={article.title}
            at={published(article)}
          />
          {languageNote(article) ? <NoticeBar className="up-mhelp-article__lang" color="info" wrap content={languageNote(article)} /> : null}
          <HelpArticle html={article.html} lang={article.lang} className="up-mhelp-article__body" />
          <DetailFoot
            prevId={article.prevId}
            nextId={article.nextId}
            onNeighbour={neighbour}
            label={pageTitle}
            prefix="help"
            previous={th('detail.previous')}
            next={th('detail.next')}
            back={th('detail.back')}
            onBack={backToList}
            backTestId="help-back-list"
          />
        </article>
      )}
    </DetailStates>
  );

  return (
    <div className="up-mhelp up-mhelp--page">
      <SubHeader title={pageTitle} backLabel={ready ? th('detail.back') : pageTitle} onBack={backToList} heading={!detail.data} />
      {body}
    </div>
  );
}
