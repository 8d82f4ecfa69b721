import { lazy, Suspense } from 'react';
import type { AmountChartProps } from './amount-chart';

export type { AmountBar, AmountChartProps } from './amount-chart';

const AmountChart = lazy(() => import('./amount-chart'));

/** LazyAmountChart loads ECharts only when a chart is first shown, keeping it off the first page load. */
export function LazyAmountChart(props: AmountChartProps) {
  return (
    <Suspense fallback={<div className="up-amount-chart up-amount-chart--loading" style={{ width: '100%', height: props.height ?? 260 }} />}>
      <AmountChart {...props} />
    </Suspense>
  );
}
