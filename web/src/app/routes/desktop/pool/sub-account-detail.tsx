import { Button, Result, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { useHashrateHistory } from '@/features/pool/api/get-history';
import { HISTORY_RANGES, type HistoryRange } from '@/features/pool/model/types';
import { useSubAccountDetail } from '@/features/pool/sub-accounts/api/sub-accounts';
import { useSubAccountTexts } from '@/features/pool/sub-accounts/texts';
import { Card, ConnectPanel, LoadFailed } from './parts';

/** DesktopSubAccountDetail shows one sub-account's figures, chart and connection details (?code=). */
export function DesktopSubAccountDetail() {
  const { t, tp, ready } = useSubAccountTexts();
  const [q] = useSearchParams();
  const code = q.get('code') ?? '';
  const detail = useSubAccountDetail(code);
  const [range, setRange] = useState<HistoryRange>('24h');
  const history = useHashrateHistory({ coin: detail.data?.defaultCoin ?? '', subAccount: code, range });
  const d = detail.data;
  return (
    <PageFrame titleKey="pages.orePoolSubAccountDetail" actions={<Link to={paths.account.orePoolSubAccountInfo}>{ready ? t('detail.back') : ''}</Link>}>
      {!ready || (code && detail.isLoading) ? (
        <Skeleton active />
      ) : !code ? (
        <Result status="info" title={t('detail.missing')} />
      ) : detail.isError || !d ? (
        detail.error instanceof Error && !detail.isFetching ? <Result status="warning" title={detail.error.message} extra={<Button onClick={() => void detail.refetch()}>{tp('common.retry')}</Button>} /> : <LoadFailed tp={tp} retry={() => void detail.refetch()} />
      ) : (
        <>
          <div className="up-pool-cards">
            <Card label={tp('figure.realTime')} value={d.realTimeHashRate.show} unit={d.realTimeHashRate.unit} />
            <Card label={tp('figure.day')} value={d.dayHashRate.show} unit={d.dayHashRate.unit} />
            <Card label={tp('figure.devices')} value={`${d.counts.normal + d.counts.abnormal} / ${d.counts.total}`} unit={tp('figure.online')} />
            <Card label={tp('figure.unbound')} value={String(d.counts.unbound)} />
            <Card label={tp('figure.accepted')} value={String(d.accepted)} unit={`${tp('figure.rejected')} ${d.rejected} · ${tp('figure.stale')} ${d.stale}`} />
          </div>
          <section className="up-pool-panel">
            <Segmented
              value={range}
              onChange={(v) => setRange(v as HistoryRange)}
              options={HISTORY_RANGES.map((r) => ({ value: r, label: tp(`range.${r}`) }))}
              style={{ marginBottom: 12 }}
            />
            {history.isError ? (
              <LoadFailed tp={tp} retry={() => void history.refetch()} />
            ) : (
              <LazyHashrateChart points={history.data ?? []} label={tp('figure.realTime')} daily={false} />
            )}
          </section>
          <p>
            <Link to={`${paths.account.orePoolAnlageuebersicht}?sub=${code}&coin=${d.defaultCoin}`}>{t('detail.viewDevices')}</Link>
          </p>
          <ConnectPanel code={code} t={t} tp={tp} />
        </>
      )}
    </PageFrame>
  );
}

