import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { useHashrateHistory } from '@/features/pool/api/get-history';
import { HISTORY_RANGES, type HistoryRange } from '@/features/pool/model/types';
import { useSubAccountDetail } from '@/features/pool/sub-accounts/api/sub-accounts';
import { useSubAccountTexts } from '@/features/pool/sub-accounts/texts';
import { MCard, MConnectPanel, MLoadFailed } from './parts';

/** MobileSubAccountDetail shows one sub-account's figures, chart and connection details (?code=). */
export function MobileSubAccountDetail() {
  const { t, tp, ready } = useSubAccountTexts();
  const [q] = useSearchParams();
  const code = q.get('code') ?? '';
  const detail = useSubAccountDetail(code);
  const [range, setRange] = useState<HistoryRange>('24h');
  const history = useHashrateHistory({ coin: detail.data?.defaultCoin ?? '', subAccount: code, range });
  const d = detail.data;
  return (
    <PageFrame titleKey="pages.orePoolSubAccountDetail">
      {!ready || (code && detail.isLoading) ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : !code ? (
        <p>{t('detail.missing')}</p>
      ) : detail.isError || !d ? (
        <MLoadFailed tp={tp} retry={() => void detail.refetch()} />
      ) : (
        <>
          <div className="up-mpool-cards">
            <MCard label={tp('figure.realTime')} value={d.realTimeHashRate.show} unit={d.realTimeHashRate.unit} />
            <MCard label={tp('figure.day')} value={d.dayHashRate.show} unit={d.dayHashRate.unit} />
            <MCard label={tp('figure.online')} value={`${d.counts.normal + d.counts.abnormal} / ${d.counts.total}`} />
            <MCard label={tp('figure.unbound')} value={String(d.counts.unbound)} />
          </div>
          <section className="up-mpool-panel">
            <div className="up-mpool-actions" style={{ marginTop: 0, marginBottom: 8 }}>
              {HISTORY_RANGES.map((r) => (
                <Button key={r} size="mini" color={r === range ? 'primary' : 'default'} onClick={() => setRange(r)}>
                  {tp(`range.${r}`)}
                </Button>
              ))}
            </div>
            <LazyHashrateChart points={history.data ?? []} label={tp('figure.realTime')} compact height={200} />
          </section>
          <p>
            <Link to={`${mobilePaths.account.orePoolAnlageuebersicht}?sub=${code}&coin=${d.defaultCoin}`}>{t('detail.viewDevices')}</Link>
          </p>
          <MConnectPanel code={code} t={t} tp={tp} />
        </>
      )}
    </PageFrame>
  );
}
