import { lazy, Suspense, type ComponentType } from 'react';

/**
 * lazyChart makes a chart that loads ECharts (with load) only when it is first shown, keeping
 * it off the first page load; until then a box of the chart's height (className--loading)
 * holds its place.
 */
export function lazyChart<P extends { height?: number }>(load: () => Promise<{ default: ComponentType<P> }>, className: string) {
  // The chart's own props pass through untouched (lazy's ref-aware props type cannot see that P has no ref).
  const Chart = lazy(load) as unknown as ComponentType<P>;
  return function LazyChart(props: P) {
    return (
      <Suspense fallback={<div className={`${className} ${className}--loading`} style={{ width: '100%', height: props.height ?? 260 }} />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}
