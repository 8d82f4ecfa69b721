import { lazyChart } from '@/components/lazy-chart';
import type { HashrateChartProps } from './hashrate-chart';

export type { HashrateChartProps, HashratePoint } from './hashrate-chart';

/** LazyHashrateChart loads ECharts only when a chart is first shown, keeping it off the first page load. */
export const LazyHashrateChart = lazyChart<HashrateChartProps>(() => import('./hashrate-chart'), 'up-hashrate-chart');
