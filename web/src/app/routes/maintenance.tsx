import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';
import { useSysConfig } from '@/features/sys-config/api/get-sys-config';
import { maintenanceApplies } from '@/lib/ip-literal';

/**
 * MaintenancePage stands alone (no nav, no footer). While maintenance applies it
 * says so and offers to check again; otherwise it links home.
 */
export function MaintenancePage() {
  const { t } = useTranslation();
  const query = useSysConfig({ keyType: 'global', sysKey: 'maintenance' });
  const active = query.isError || maintenanceApplies(query.data, window.location.hostname);

  return (
    <main>
      {query.isPending ? (
        <div className="up-route-loading" role="status">
          {t('common.loading')}
        </div>
      ) : active ? (
        <StatusPage
          dark
          tone="warning"
          testId="maintenance-active"
          title={t('maintenance.title')}
          body={t('maintenance.body')}
          actions={
            <button
              type="button"
              className="up-btn up-btn--primary"
              disabled={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {t('maintenance.checkAgain')}
            </button>
          }
        />
      ) : (
        <StatusPage
          dark
          testId="maintenance-inactive"
          title={t('maintenance.notActiveTitle')}
          body={t('maintenance.notActiveBody')}
          actions={
            <Link className="up-btn up-btn--primary" to={paths.home}>
              {t('maintenance.backHome')}
            </Link>
          }
        />
      )}
    </main>
  );
}
