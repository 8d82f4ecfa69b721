import { lazy, Suspense } from 'react';
import type { HashrateChartProps } from './hashrate-chart';

export type { HashrateChartProps, HashratePoint } from './hashrate-chart';

const HashrateChart = lazy(() => import('./hashrate-chart'));

/** LazyHashrateChart loads ECharts only when a chart is first shown, keeping it off the first page load. */
export function LazyHashrateChart(props: HashrateChartProps) {
  return (
    <Suspense fallback={<div className="up-hashrate-chart up-hashrate-chart--loading" style={{ width: '100%', height: props.height ?? 260 }} />}>
      <HashrateChart {...props} />
    </Suspense>
  );
}
