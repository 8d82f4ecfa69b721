import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { PoolStart } from '@/components/pool-start';
import { mobilePaths } from '@/config/paths';
import { useHashrateHistory } from '@/features/pool/api/get-history';
import { useOverview } from '@/features/pool/devices/api/devices';
import { rejectRate } from '@/features/pool/devices/model/list-params';
import { useDeviceTexts } from '@/features/pool/devices/texts';
import { usePoolSelection } from '@/features/pool/hooks/use-pool-selection';
import { DEVICE_STATUSES, HISTORY_RANGES, type HistoryRange } from '@/features/pool/model/types';
import { MCard, MLoadFailed } from './parts';

/** MobileDeviceOverview: figures, devices by status and the hashrate chart of the selected coin and sub-account. */
export function MobileDeviceOverview() {
  const { t, tp, ready } = useDeviceTexts();
  const sel = usePoolSelection();
  const navigate = useNavigate();
  const coin = sel.coin?.type ?? '';
  const sub = sel.subAccount?.code ?? '';
  const ov = useOverview(coin, sub);
  const [range, setRange] = useState<HistoryRange>('24h');
  const history = useHashrateHistory({ coin, subAccount: sub, range });
  const o = ov.data;
  const list = (extra: string) => `${mobilePaths.account.orePoolAnlageuebersicht}?coin=${coin}&sub=${sub}${extra}`;
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
        <Skeleton.Paragraph lineCount={8} animated />
      ) : sel.error || ov.isError ? (
        <MLoadFailed tp={tp} retry={() => (sel.error ? sel.refetch() : void ov.refetch())} />
      ) : sel.subAccounts.length === 0 ? (
        <PoolStart
          title={tp('start.title')}
          steps={[tp('start.step1'), tp('start.step2', { example: 'code.rig01' }), tp('start.step3')]}
          actions={
            <>
              <Button color="primary" onClick={() => navigate(mobilePaths.account.orePoolSubAccountInfo)}>
                {tp('start.create')}
              </Button>
              <Link to={mobilePaths.tutorial.page('orePoolSignIn')}>{tp('start.tutorial')}</Link>
            </>
          }
        />
      ) : o ? (
        <>
          <div className="up-mpool-cards" data-testid="overview-cards">
            <MCard label={tp('figure.realTime')} value={o.realTimeHashRate.show} unit={o.realTimeHashRate.unit} />
            <MCard label={tp('figure.day')} value={o.dayHashRate.show} unit={o.dayHashRate.unit} />
            <MCard label={tp('figure.accepted')} value={String(o.accepted)} />
            <MCard label={t('overview.rejectRate')} value={rejectRate(o.accepted, o.rejected, o.stale).toFixed(2)} unit="%" />
          </div>
          <section className="up-mpool-panel">
            <h2>{t('overview.status')}</h2>
            <div className="up-mpool-status">
              {DEVICE_STATUSES.map((s) => (
                <button key={s} type="button" onClick={() => navigate(list(`&status=${s}`))} data-testid={`count-${s}`}>
                  <strong>{o.counts[s]}</strong>
                  {tp(`status.${s}`)}
                </button>
              ))}
              <button type="button" onClick={() => navigate(list('&bound=false'))} data-testid="count-unbound">
                <strong>{o.counts.unbound}</strong>
                {tp('figure.unbound')}
              </button>
            </div>
            <p className="up-mpool-hint">
              <Link to={list('')} data-testid="count-total">
                {t('overview.allDevices')} ({o.counts.total})
              </Link>
            </p>
          </section>
          <section className="up-mpool-panel">
            <h2>{t('overview.chart')}</h2>
            <div className="up-mpool-actions" style={{ marginTop: 0, marginBottom: 8 }}>
              {HISTORY_RANGES.map((r) => (
                <Button key={r} size="mini" color={r === range ? 'primary' : 'default'} onClick={() => setRange(r)}>
                  {tp(`range.${r}`)}
                </Button>
              ))}
            </div>
            {history.isError ? <MLoadFailed tp={tp} retry={() => void history.refetch()} /> : <LazyHashrateChart points={history.data ?? []} label={tp('figure.realTime')} compact height={200} />}
          </section>
        </>
      ) : null}
    </PageFrame>
  );
}
