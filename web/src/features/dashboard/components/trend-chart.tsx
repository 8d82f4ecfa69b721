// The price and pool-hashrate chart of a coin (ECharts, only the parts it draws, in
// its own chunk: see LazyTrendChart).
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { useEChart } from '@/lib/use-echart';
import { useFormat } from '@/lib/use-format';
import { FIAT_SYMBOL } from '@/lib/legal-tender';
import type { TrendSeries } from '../model/trend-series';
import type { LegalTender, TrendRange } from '../model/types';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** TrendChartProps: the series, and the translated legend names. */
export interface TrendChartProps {
  series: TrendSeries;
  legalTender: LegalTender;
  range: TrendRange;
  priceLabel: string;
  hashRateLabel: string;
  height?: number;
  /** compact draws for a phone: fewer labels, smaller type. */
  compact?: boolean;
}

const PRICE_COLOR = '#1f6feb';
const HASH_COLOR = '#12b886';

/** TrendChart draws the two lines with their own axes. */
export default function TrendChart({ series, legalTender, range, priceLabel, hashRateLabel, height = 280, compact = false }: TrendChartProps) {
  const { box, chart } = useEChart();
  const f = useFormat();

  useEffect(() => {
    const symbol = FIAT_SYMBOL[legalTender];
    const hashName = `${hashRateLabel} (${series.hashRateUnit})`;
    const fontSize = compact ? 10 : 12;
    chart.current?.setOption(
      {
        animation: false,
        color: [PRICE_COLOR, HASH_COLOR],
        // A phone sizes the axes to their labels (a price like $160000 is wider than a fixed margin).
        grid: compact ? { left: 4, right: 4, top: 36, bottom: 4, containLabel: true } : { left: 64, right: 64, top: 36, bottom: 28 },
        legend: { top: 0, textStyle: { fontSize }, data: [priceLabel, hashName] },
        tooltip: { trigger: 'axis' },
        xAxis: {
          type: 'category',
          boundaryGap: false,
          data: series.times.map((t) => f.axisTime(t, range === 'month')),
          axisLabel: { fontSize, hideOverlap: true },
        },
        yAxis: [
          { type: 'value', scale: true, axisLabel: { fontSize, formatter: (v: number) => `${symbol}${compact ? f.compact(v) : v}` }, splitLine: { lineStyle: { type: 'dashed' } } },
          { type: 'value', scale: true, axisLabel: { fontSize, ...(compact ? { formatter: (v: number) => f.compact(v) } : {}) }, splitLine: { show: false } },
        ],
        series: [
          { name: priceLabel, type: 'line', yAxisIndex: 0, data: series.prices, showSymbol: series.times.length < 3, smooth: true, connectNulls: true },
          {
            name: hashName,
            type: 'line',
            yAxisIndex: 1,
            data: series.hashRates,
            showSymbol: series.times.length < 3,
            smooth: true,
            areaStyle: { opacity: 0.12 },
            connectNulls: true,
          },
        ],
      },
      true,
    );
  }, [series, legalTender, range, priceLabel, hashRateLabel, compact, f]);

  return <div ref={box} className="up-trend-chart" data-testid="trend-chart" data-points={series.times.length} style={{ width: '100%', height }} />;
}
