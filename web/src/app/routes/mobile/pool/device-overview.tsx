import { Button, Skeleton } from 'antd-mobile';
import { Link, useNavigate } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { PageFrame } from '@/components/page-frame';
import { PoolStart } from '@/components/pool-start';
import { mobilePaths } from '@/config/paths';
import { useMobilePoolPath, useReadOnly } from '@/lib/read-only';
import { DeviceOverviewBody } from '@/features/pool/devices/components/device-overview-body';
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
  const startActions = (
    <>
      <Button color="primary" onClick={() => navigate(mobilePaths.account.orePoolSubAccountInfo)}>
        {tp('start.create')}
      </Button>
      <Link to={mobilePaths.tutorial.page('orePoolSignIn')}>{tp('start.tutorial')}</Link>
    </>
  );
  return (
    <PageFrame titleKey="pages.orePoolDeviceOverview" actions={<AutoRefresh onRefresh={v.refresh} />}>
      <DeviceOverviewBody
        v={v}
        size="mobile"
        loading={<Skeleton.Paragraph lineCount={8} animated />}
        failed={<MLoadFailed tp={tp} retry={v.retry} />}
        start={<PoolStart title={tp('start.title')} steps={v.startSteps} actions={readOnly ? undefined : startActions} />}
        Card={MCard}
        total={
          <Link to={list()} data-testid="count-total">
            {t('overview.allDevices')} ({v.total})
          </Link>
        }
        chart={<MHistoryChart chart={v.chart} tp={tp} />}
        openList={(filter) => navigate(list(filter))}
      />
    </PageFrame>
  );
}
