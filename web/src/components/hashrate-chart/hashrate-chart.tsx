// A hashrate history as a line (ECharts, only the parts it draws, in its own chunk:
// see LazyHashrateChart). Used by the device overview, sub-account and device pages.
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { useEChart } from '@/lib/use-echart';
import { useFormat } from '@/lib/use-format';
import { bestUnit, inUnit } from '@/lib/hashrate';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** HashratePoint is one bucket: its start (Unix ms) and hashrate (H/s); rejected is optional. */
export interface HashratePoint {
  time: number;
  hashRate: number;
  rejected?: number;
}

export interface HashrateChartProps {
  points: HashratePoint[];
  /** label names the line in the legend and tooltip (translated by the caller). */
  label: string;
  /** daily points are labelled by date only; others by date and time. */
  daily?: boolean;
  height?: number;
  /** compact draws for a phone: fewer labels, smaller type. */
  compact?: boolean;
}

const COLOR = '#12b886';

/** HashrateChart draws the points in the unit that fits the largest. */
export default function HashrateChart({ points, label, daily = false, height = 260, compact = false }: HashrateChartProps) {
  const { box, chart } = useEChart();
  const f = useFormat();

  useEffect(() => {
    const unit = bestUnit(Math.max(0, ...points.map((p) => p.hashRate)));
    const fontSize = compact ? 10 : 12;
    const name = `${label} (${unit})`;
    chart.current?.setOption(
      {
        animation: false,
        color: [COLOR],
        grid: compact ? { left: 4, right: 8, top: 32, bottom: 4, containLabel: true } : { left: 16, right: 24, top: 36, bottom: 8, containLabel: true },
        legend: { top: 0, textStyle: { fontSize }, data: [name] },
        tooltip: { trigger: 'axis' },
        xAxis: {
          type: 'category',
          boundaryGap: false,
          data: points.map((p) => f.axisTime(p.time, !daily)),
          axisLabel: { fontSize, hideOverlap: true },
        },
        yAxis: { type: 'value', min: 0, axisLabel: { fontSize }, splitLine: { lineStyle: { type: 'dashed' } } },
        series: [
          {
            name,
            type: 'line',
            data: points.map((p) => Number(inUnit(p.hashRate, 'H/s', unit).toFixed(2))),
            showSymbol: points.length < 3,
            smooth: true,
            areaStyle: { opacity: 0.12 },
          },
        ],
      },
      true,
    );
  }, [points, label, daily, compact, f]);

  return <div ref={box} className="up-hashrate-chart" data-testid="hashrate-chart" data-points={points.length} style={{ width: '100%', height }} />;
}
