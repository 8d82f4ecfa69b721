import { Button, Segmented, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { PoolStart } from '@/components/pool-start';
import { paths } from '@/config/paths';
import { usePoolPath, useReadOnly } from '@/lib/read-only';
import { DeviceOverviewBody } from '@/features/pool/devices/components/device-overview-body';
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
      <DeviceOverviewBody
        v={v}
        size="desktop"
        loading={<Skeleton active paragraph={{ rows: 8 }} />}
        failed={<LoadFailed tp={tp} retry={v.retry} />}
        start={
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
        }
        Card={Card}
        total={
          <button type="button" onClick={() => navigate(list())} data-testid="count-total">
            <strong>{v.total}</strong>
            {t('overview.allDevices')}
          </button>
        }
        chart={
          <>
            <Segmented value={v.chart.range} onChange={(r) => v.chart.setRange(r as HistoryRange)} options={v.chart.ranges} style={{ marginBottom: 12 }} />
            {v.chart.failed ? <LoadFailed tp={tp} retry={v.chart.retry} /> : <LazyHashrateChart points={v.chart.points} label={v.chart.label} />}
          </>
        }
        openList={(filter) => navigate(list(filter))}
      />
    </PageFrame>
  );
}
