import { Button, Segmented, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { PoolStart } from '@/components/pool-start';
import { paths } from '@/config/paths';
import { usePoolPath, useReadOnly } from '@/lib/read-only';
import { useDeviceOverview } from '@/features/pool/devices/hooks/use-device-overview';
import type { HistoryRange } from '@/features/pool/model/types';
import { Card, LoadFailed } from './parts';

/** DesktopDeviceOverview is the account's landing page: figures, devices by status and the hashrate chart. */
export function DesktopDeviceOverview() {
  const v = useDeviceOverview();
  const pathOf = usePoolPath();
  const { t, tp } = v.texts;
  const navigate = useNavigate();
  const readOnly = useReadOnly();
  const list = (filter = '') => `${pathOf('orePoolAnlageuebersicht')}${v.listQuery(filter)}`;
  return (
    <PageFrame titleKey="pages.orePoolDeviceOverview" actions={<AutoRefresh onRefresh={v.refresh} />}>
      {v.state === 'loading' ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : v.state === 'failed' ? (
        <LoadFailed tp={tp} retry={v.retry} />
      ) : v.state === 'start' ? (
        <PoolStart
          title={tp('start.title')}
          steps={v.startSteps}
          actions={
            readOnly ? undefined : (
            <>
              <Button type="primary" onClick={() => navigate(paths.account.orePoolSubAccountInfo)}>
                {tp('start.create')}
              </Button>
              <Link to={paths.tutorial.page('orePoolSignIn')}>{tp('start.tutorial')}</Link>
            </>
            )
          }
        />
      ) : (
        <>
          <div className="up-pool-cards" data-testid="overview-cards">
            {v.figures.map((f) => (
              <Card key={f.key} label={f.label} value={f.value} unit={f.unit} />
            ))}
          </div>
          <section className="up-pool-panel">
            <h2>{t('overview.status')}</h2>
            <div className="up-pool-status">
              <button type="button" onClick={() => navigate(list())} data-testid="count-total">
                <strong>{v.total}</strong>
                {t('overview.allDevices')}
              </button>
              {v.statusCounts.map((s) => (
                <button key={s.key} type="button" className={`up-pool-status--${s.key}`} onClick={() => navigate(list(s.query))} data-testid={`count-${s.key}`}>
                  <strong>{s.count}</strong>
                  {s.label}
                </button>
              ))}
            </div>
            {v.total === 0 ? <p className="up-pool-hint">{t('overview.noDevices', { coin: v.coin })}</p> : null}
          </section>
          <section className="up-pool-panel">
            <h2>{t('overview.chart')}</h2>
            <Segmented value={v.chart.range} onChange={(r) => v.chart.setRange(r as HistoryRange)} options={v.chart.ranges} style={{ marginBottom: 12 }} />
            {v.chart.failed ? <LoadFailed tp={tp} retry={v.chart.retry} /> : <LazyHashrateChart points={v.chart.points} label={v.chart.label} />}
          </section>
        </>
      )}
    </PageFrame>
  );
}
