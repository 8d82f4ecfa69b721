import { Button, Skeleton } from 'antd-mobile';
import { Link, useNavigate } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { PageFrame } from '@/components/page-frame';
import { PoolStart } from '@/components/pool-start';
import { mobilePaths } from '@/config/paths';
import { useMobilePoolPath, useReadOnly } from '@/lib/read-only';
import { useDeviceOverview } from '@/features/pool/devices/hooks/use-device-overview';
import { MCard, MHistoryChart, MLoadFailed } from './parts';

/** MobileDeviceOverview: figures, devices by status and the hashrate chart of the selected coin and sub-account. */
export function MobileDeviceOverview() {
  const v = useDeviceOverview();
  const { t, tp } = v.texts;
  const navigate = useNavigate();
  const readOnly = useReadOnly();
  const pathOf = useMobilePoolPath();
  const list = (filter = '') => `${pathOf('orePoolAnlageuebersicht')}${v.listQuery(filter)}`;
  return (
    <PageFrame titleKey="pages.orePoolDeviceOverview" actions={<AutoRefresh onRefresh={v.refresh} />}>
      {v.state === 'loading' ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : v.state === 'failed' ? (
        <MLoadFailed tp={tp} retry={v.retry} />
      ) : v.state === 'start' ? (
        <PoolStart
          title={tp('start.title')}
          steps={v.startSteps}
          actions={
            readOnly ? undefined : (
              <>
                <Button color="primary" onClick={() => navigate(mobilePaths.account.orePoolSubAccountInfo)}>
                  {tp('start.create')}
                </Button>
                <Link to={mobilePaths.tutorial.page('orePoolSignIn')}>{tp('start.tutorial')}</Link>
              </>
            )
          }
        />
      ) : (
        <>
          <div className="up-mpool-cards" data-testid="overview-cards">
            {v.figures.map((f) => (
              <MCard key={f.key} label={f.label} value={f.value} unit={f.unit} />
            ))}
          </div>
          <section className="up-mpool-panel">
            <h2>{t('overview.status')}</h2>
            <div className="up-mpool-status">
              {v.statusCounts.map((s) => (
                <button key={s.key} type="button" onClick={() => navigate(list(s.query))} data-testid={`count-${s.key}`}>
                  <strong>{s.count}</strong>
                  {s.label}
                </button>
              ))}
            </div>
            <p className="up-mpool-hint">
              <Link to={list()} data-testid="count-total">
                {t('overview.allDevices')} ({v.total})
              </Link>
            </p>
          </section>
          <section className="up-mpool-panel">
            <h2>{t('overview.chart')}</h2>
            <MHistoryChart chart={v.chart} tp={tp} />
          </section>
        </>
      )}
    </PageFrame>
  );
}
