import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { StatusPage } from '@/components/status-page';
import { isChunkLoadError, reloadOnceUrl } from '@/lib/navigation';
import { NotFound } from './not-found';

/**
 * RouteError handles an error raised while loading or rendering a route. A
 * failed route download (usually a new deployment) reloads once with
 * reloaded=1 added; if that is already there, it shows the error with a retry.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const reloadTo = isChunkLoadError(error) ? reloadOnceUrl(window.location.href) : null;

  useEffect(() => {
    if (reloadTo) window.location.replace(reloadTo);
  }, [reloadTo]);

  if (reloadTo) return <FullScreenLoader message={t('common.loading')} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <StatusPage
      tone="error"
      title={t('errors.loadFailedTitle')}
      body={t('errors.loadFailedBody')}
      testId="route-error"
      actions={
        <button type="button" className="up-btn up-btn--primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
