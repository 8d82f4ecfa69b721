import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTrend } from '@/features/dashboard/api/get-trend';
import { LazyTrendChart } from '@/features/dashboard/components/lazy-trend-chart';
import { toSeries } from '@/features/dashboard/model/trend-series';
import type { LegalTender, TrendRange } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { useMobileHomeTexts } from './texts';
import { RadioSegments } from './coin-bits';

const RANGES: readonly TrendRange[] = ['month', 'year'];

/** FEW_POINTS is below how many points the chart says the trend is only starting. */
const FEW_POINTS = 3;

/**
 * TrendPanel draws a coin's price and pool hashrate over the last month or half year,
 * for a phone: a compact chart, the range switch, and a clear word when there is
 * nothing (yet) to draw.
 */
export function TrendPanel({ currencyType, legalTender, height = 220 }: { currencyType: string; legalTender: LegalTender; height?: number }) {
  const { t } = useDashboardTexts();
  const { t: tm } = useMobileHomeTexts();
  const [range, setRange] = useState<TrendRange>('month');
  const trend = useTrend(currencyType, range);
  const series = useMemo(() => toSeries(trend.data ?? [], legalTender), [trend.data, legalTender]);

  let body;
  if (trend.isError && !trend.data) {
    body = (
      <div className="up-mtrend__state" role="alert">
        <p>{t('trend.failed')}</p>
        <Button size="small" onClick={() => void trend.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (!trend.data) {
    body = <div className="up-mtrend__loading" style={{ height }} aria-busy="true" />;
  } else if (series.times.length === 0) {
    body = (
      <div className="up-mtrend__state" style={{ minHeight: height / 2 }} data-testid="trend-empty">
        <p>{t('trend.empty')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <LazyTrendChart
          series={series}
          legalTender={legalTender}
          range={range}
          priceLabel={t('trend.price')}
          hashRateLabel={t('trend.hashRate')}
          height={height}
          compact
        />
        {series.times.length < FEW_POINTS ? (
          <p className="up-mtrend__few" data-testid="trend-few">
            {tm('trend.few', { count: series.times.length })}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <div className="up-mtrend">
      <div className="up-mtrend__head">
        <h3 className="up-mtrend__title">{t('trend.title')}</h3>
        <RadioSegments
          className="up-mseg up-mseg--small"
          label={t('trend.title')}
          testId="trend-range"
          value={range}
          onChange={setRange}
          options={RANGES.map((r) => ({ value: r, label: t(`trend.${r}`) }))}
        />
      </div>
      <div className={trend.isPlaceholderData ? 'up-mtrend__body up-mtrend__body--stale' : 'up-mtrend__body'}>{body}</div>
    </div>
  );
}
