import { lazy, Suspense } from 'react';
import type { TrendChartProps } from './trend-chart';

const TrendChart = lazy(() => import('./trend-chart'));

/** LazyTrendChart loads ECharts only when a chart is first shown, keeping it off the first page load. */
export function LazyTrendChart(props: TrendChartProps) {
  return (
    <Suspense fallback={<div className="up-trend-chart up-trend-chart--loading" style={{ width: '100%', height: props.height ?? 280 }} />}>
      <TrendChart {...props} />
    </Suspense>
  );
}
