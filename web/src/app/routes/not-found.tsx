import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { StatusPage } from '@/components/status-page';
import { isMobilePath, mobilePaths, paths } from '@/config/paths';

/** NotFound is the page for an address no route matches. */
export function NotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <StatusPage
      title={t('errors.notFoundTitle')}
      body={t('errors.notFoundBody')}
      testId="not-found"
      actions={
        <Link className="up-btn up-btn--primary" to={isMobilePath(pathname) ? mobilePaths.home : paths.home}>
          {t('common.backHome')}
        </Link>
      }
    />
  );
}
