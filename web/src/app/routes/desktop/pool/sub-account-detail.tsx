import { Button, Result, Segmented, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import type { HistoryRange } from '@/features/pool/model/types';
import { useSubAccountDetailPage } from '@/features/pool/sub-accounts/hooks/use-sub-account-detail-page';
import { Card, ConnectPanel, LoadFailed } from './parts';

/** DesktopSubAccountDetail shows one sub-account's figures, chart and connection details (?code=). */
export function DesktopSubAccountDetail() {
  const v = useSubAccountDetailPage();
  const { t, tp, ready } = v.texts;
  return (
    <PageFrame titleKey="pages.orePoolSubAccountDetail" actions={<Link to={paths.account.orePoolSubAccountInfo}>{ready ? t('detail.back') : ''}</Link>}>
      {v.state === 'loading' ? (
        <Skeleton active />
      ) : v.state === 'missing' ? (
        <Result status="info" title={t('detail.missing')} />
      ) : v.state === 'failed' ? (
        v.message ? <Result status="warning" title={v.message} extra={<Button onClick={v.retry}>{tp('common.retry')}</Button>} /> : <LoadFailed tp={tp} retry={v.retry} />
      ) : (
        <>
          <div className="up-pool-cards">
            {v.figures.map((f) => (
              <Card key={f.key} label={f.label} value={f.value} unit={f.unit} />
            ))}
          </div>
          <section className="up-pool-panel">
            <Segmented value={v.chart.range} onChange={(r) => v.chart.setRange(r as HistoryRange)} options={v.chart.ranges} style={{ marginBottom: 12 }} />
            {v.chart.failed ? <LoadFailed tp={tp} retry={v.chart.retry} /> : <LazyHashrateChart points={v.chart.points} label={v.chart.label} daily={false} />}
          </section>
          <p>
            <Link to={`${paths.account.orePoolAnlageuebersicht}${v.devicesQuery}`}>{t('detail.viewDevices')}</Link>
            {' · '}
            <Link to={`${paths.account.orePoolAlertSet}?sub=${encodeURIComponent(v.code)}`} data-testid="to-alerts">
              {t('detail.alerts')}
            </Link>
          </p>
          <ConnectPanel code={v.code} t={t} tp={tp} />
        </>
      )}
    </PageFrame>
  );
}
