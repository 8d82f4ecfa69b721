// One ECharts instance for a box, resized with it and disposed with it. Only the chart
// chunks import this (and ECharts' core), so it stays off the first page load.
import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

/** useEChart gives the box ref to render into and the chart ref to set options on. */
export function useEChart() {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const c = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    observer?.observe(box.current);
    return () => {
      observer?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  return { box, chart };
}
