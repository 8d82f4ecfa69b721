import { lazyChart } from '@/components/lazy-chart';
import type { AmountChartProps } from './amount-chart';

export type { AmountBar, AmountChartProps } from './amount-chart';

/** LazyAmountChart loads ECharts only when a chart is first shown, keeping it off the first page load. */
export const LazyAmountChart = lazyChart<AmountChartProps>(() => import('./amount-chart'), 'up-amount-chart');
