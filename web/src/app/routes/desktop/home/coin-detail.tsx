import { LockOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Skeleton } from 'antd';
import { lazy, useMemo, useState } from 'react';
import { WhenVisible } from '@/components/when-visible';
import { useTrend } from '@/features/dashboard/api/get-trend';
import { LazyTrendChart } from '@/features/dashboard/components/lazy-trend-chart';
import { toSeries } from '@/features/dashboard/model/trend-series';
import type { CoinRow, LegalTender, TrendRange } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { useHomeTexts } from '@/features/home/texts';
import { DASH, formatGrouped } from '@/lib/format';

// The calculator's form code loads when the panel comes into view, not with the page.
const CalcPanel = lazy(() => import('./calc-panel').then((m) => ({ default: m.CalcPanel })));

const RANGES: readonly TrendRange[] = ['month', 'year'];
const CHART_HEIGHT = 360;

/** TrendCard is a coin's price and pool-hashrate chart over the last month or half year. */
function TrendCard({ row, legalTender }: { row: CoinRow; legalTender: LegalTender }) {
  const { t } = useDashboardTexts();
  const home = useHomeTexts();
  const [range, setRange] = useState<TrendRange>('month');
  const trend = useTrend(row.currencyType, range);
  const series = useMemo(() => toSeries(trend.data ?? [], legalTender), [trend.data, legalTender]);
  const n = series.times.length;

  let body;
  if (!trend.data && trend.isError) {
    body = (
      <div className="up-trend-state" role="alert">
        <p>{t('trend.failed')}</p>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void trend.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (!trend.data) {
    body = <Skeleton.Node active className="up-trend-skeleton" />;
  } else if (n === 0) {
    body = (
      <div className="up-trend-state" data-testid={`trend-empty-${row.currencyType}`}>
        <p>{t('trend.empty')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <LazyTrendChart series={series} legalTender={legalTender} range={range} priceLabel={t('trend.price')} hashRateLabel={t('trend.hashRate')} height={CHART_HEIGHT} />
        {n < 3 ? <p className="up-trend-note">{home.t('coins.trendFew')}</p> : null}
      </>
    );
  }

  return (
    <section className="up-detail-card up-detail-card--trend" aria-label={t('trend.title')} data-testid={`trend-${row.currencyType}`}>
      <header className="up-detail-card__head">
        <h3 className="up-detail-card__title">{t('trend.title')}</h3>
        <Segmented<TrendRange>
          size="small"
          value={range}
          onChange={setRange}
          data-testid="trend-range"
          options={RANGES.map((r) => ({ value: r, label: <span data-testid={`trend-range-${r}`}>{t(`trend.${r}`)}</span> }))}
        />
      </header>
      <div className="up-detail-card__body" data-range={range}>
        {body}
      </div>
    </section>
  );
}

/** CoinFacts are the figures the table has no room for: network, block and settlement. */
function CoinFacts({ row }: { row: CoinRow }) {
  const { t } = useDashboardTexts();
  const facts: [string, string][] = [
    [t('columns.algorithm'), row.algorithm || DASH],
    [t('columns.networkHashRate'), formatGrouped(row.networkHashRateShow, row.networkHashRateUnit)],
    [t('columns.blockReward'), formatGrouped(row.blockReward, row.chainUnit)],
    [t('columns.blockTime'), row.blockTime > 0 ? t('seconds', { count: row.blockTime }) : DASH],
    [t('columns.settlement'), t('settleAt', { model: row.settleModel, time: row.settleTime })],
  ];
  return (
    <dl className="up-facts">
      {facts.map(([k, v]) => (
        <div key={k} className="up-facts__item">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** CoinDetail is an expanded row: the trend and a quick calculator, or a closed coin's message. */
export function CoinDetail({ row, legalTender }: { row: CoinRow; legalTender: LegalTender }) {
  const { t } = useDashboardTexts();
  if (!row.openStatus) {
    return (
      <div className="up-detail" data-testid={`coin-detail-${row.currencyType}`}>
        <Alert type="warning" showIcon icon={<LockOutlined />} message={t('calc.closed', { msg: row.closedMsg || t('closed') })} data-testid="coin-detail-closed" />
      </div>
    );
  }
  return (
    <div className="up-detail" data-testid={`coin-detail-${row.currencyType}`}>
      <CoinFacts row={row} />
      <div className="up-detail__grid">
        <TrendCard row={row} legalTender={legalTender} />
        <section className="up-detail-card up-detail-card--calc" aria-label={t('calc.title')}>
          <header className="up-detail-card__head">
            <h3 className="up-detail-card__title">{t('calc.title')}</h3>
          </header>
          <div className="up-detail-card__body" data-testid={`inline-calc-${row.currencyType}`}>
            <WhenVisible placeholder={<Skeleton active paragraph={{ rows: 3 }} />} minHeight={200}>
              <CalcPanel key={legalTender} row={row} legalTender={legalTender} variant="basic" compact />
            </WhenVisible>
          </div>
        </section>
      </div>
    </div>
  );
}
