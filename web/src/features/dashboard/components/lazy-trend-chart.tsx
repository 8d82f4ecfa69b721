import { lazy, Suspense } from 'react';
import { useInView } from '@/lib/use-in-view';
import type { TrendChartProps } from './trend-chart';

const TrendChart = lazy(() => import('./trend-chart'));

/**
 * LazyTrendChart loads ECharts only when a quarter of the chart's box is on screen: on a
 * first visit the home pages draw without it, and a reader who scrolls to it waits for one
 * request.
 */
export function LazyTrendChart(props: TrendChartProps) {
  const { ref, seen } = useInView<HTMLDivElement>();
  const placeholder = <div className="up-trend-chart up-trend-chart--loading" style={{ width: '100%', height: props.height ?? 280 }} />;
  return (
    <div ref={ref} data-testid="trend-chart-box">
      {seen ? (
        <Suspense fallback={placeholder}>
          <TrendChart {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
