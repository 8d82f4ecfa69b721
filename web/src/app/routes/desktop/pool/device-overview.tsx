import { Button, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { PoolStart } from '@/components/pool-start';
import { paths } from '@/config/paths';
import { useHashrateHistory } from '@/features/pool/api/get-history';
import { useOverview } from '@/features/pool/devices/api/devices';
import { rejectRate } from '@/features/pool/devices/model/list-params';
import { useDeviceTexts } from '@/features/pool/devices/texts';
import { usePoolSelection } from '@/features/pool/hooks/use-pool-selection';
import { DEVICE_STATUSES, HISTORY_RANGES, type HistoryRange } from '@/features/pool/model/types';
import { Card, LoadFailed } from './parts';

/** DesktopDeviceOverview is the account's landing page: figures, devices by status and the hashrate chart. */
export function DesktopDeviceOverview() {
  const { t, tp, ready } = useDeviceTexts();
  const sel = usePoolSelection();
  const navigate = useNavigate();
  const coin = sel.coin?.type ?? '';
  const sub = sel.subAccount?.code ?? '';
  const ov = useOverview(coin, sub);
  const [range, setRange] = useState<HistoryRange>('24h');
  const history = useHashrateHistory({ coin, subAccount: sub, range });
  const o = ov.data;
  const listLink = (status: string) => `${paths.account.orePoolAnlageuebersicht}?coin=${coin}&sub=${sub}${status ? `&status=${status}` : ''}`;
  return (
    <PageFrame
      titleKey="pages.orePoolDeviceOverview"
      actions={
        <AutoRefresh
          onRefresh={() => {
            void ov.refetch();
            void history.refetch();
          }}
        />
      }
    >
      {!ready || sel.isLoading || (coin && ov.isLoading) ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : sel.error || ov.isError ? (
        <LoadFailed tp={tp} retry={() => (sel.error ? sel.refetch() : void ov.refetch())} />
      ) : sel.subAccounts.length === 0 ? (
        <PoolStart
          title={tp('start.title')}
          steps={[tp('start.step1'), tp('start.step2', { example: 'code.rig01' }), tp('start.step3')]}
          actions={
            <>
              <Button type="primary" onClick={() => navigate(paths.account.orePoolSubAccountInfo)}>
                {tp('start.create')}
              </Button>
              <Link to={paths.tutorial.page('orePoolSignIn')}>{tp('start.tutorial')}</Link>
            </>
          }
        />
      ) : o ? (
        <>
          <div className="up-pool-cards" data-testid="overview-cards">
            <Card label={tp('figure.realTime')} value={o.realTimeHashRate.show} unit={o.realTimeHashRate.unit} />
            <Card label={tp('figure.day')} value={o.dayHashRate.show} unit={o.dayHashRate.unit} />
            <Card label={tp('figure.accepted')} value={String(o.accepted)} unit={t('overview.shares')} />
            <Card label={t('overview.rejectRate')} value={rejectRate(o.accepted, o.rejected, o.stale).toFixed(2)} unit="%" />
          </div>
          <section className="up-pool-panel">
            <h2>{t('overview.status')}</h2>
            <div className="up-pool-status">
              <button type="button" onClick={() => navigate(listLink(''))} data-testid="count-total">
                <strong>{o.counts.total}</strong>
                {t('overview.allDevices')}
              </button>
              {DEVICE_STATUSES.map((s) => (
                <button key={s} type="button" className={`up-pool-status--${s}`} onClick={() => navigate(listLink(s))} data-testid={`count-${s}`}>
                  <strong>{o.counts[s]}</strong>
                  {tp(`status.${s}`)}
                </button>
              ))}
              <button type="button" onClick={() => navigate(`${listLink('')}&bound=false`)} data-testid="count-unbound">
                <strong>{o.counts.unbound}</strong>
                {tp('figure.unbound')}
              </button>
            </div>
            {o.counts.total === 0 ? <p className="up-pool-hint">{t('overview.noDevices', { coin })}</p> : null}
          </section>
          <section className="up-pool-panel">
            <h2>{t('overview.chart')}</h2>
            <Segmented value={range} onChange={(v) => setRange(v as HistoryRange)} options={HISTORY_RANGES.map((r) => ({ value: r, label: tp(`range.${r}`) }))} style={{ marginBottom: 12 }} />
            {history.isError ? <LoadFailed tp={tp} retry={() => void history.refetch()} /> : <LazyHashrateChart points={history.data ?? []} label={tp('figure.realTime')} />}
          </section>
        </>
      ) : null}
    </PageFrame>
  );
}
