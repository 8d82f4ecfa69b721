// Daily amounts as bars (ECharts, only the parts it draws, in its own chunk: see
// LazyAmountChart): settled days solid, days still settling lighter.
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { dayTime } from '@/lib/format';
import { useEChart } from '@/lib/use-echart';
import { useFormat } from '@/lib/use-format';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** AmountBar is one day: its label, a number to draw, the exact amount text, and whether it is settled. */
export interface AmountBar {
  day: string;
  value: number;
  amount: string;
  settling: boolean;
}

export interface AmountChartProps {
  bars: AmountBar[];
  /** unit follows amounts in the tooltip. */
  unit: string;
  /** settledLabel and settlingLabel name the two kinds of bar (translated by the caller). */
  settledLabel: string;
  settlingLabel: string;
  height?: number;
  compact?: boolean;
}

const SETTLED = '#12b886';
const SETTLING = '#a5d8c6';

export default function AmountChart({ bars, unit, settledLabel, settlingLabel, height = 260, compact = false }: AmountChartProps) {
  const { box, chart } = useEChart();
  const f = useFormat('UTC');

  useEffect(() => {
    const fontSize = compact ? 10 : 12;
    // A bar's day is a calendar day ("2026-12-06"): written as that day, whatever the reader's zone.
    const label = (d: string) => (dayTime(d) ? f.monthDay(dayTime(d)) : d);
    const day = (d: string) => (dayTime(d) ? f.date(dayTime(d)) : d);
    // Two series that share the days: a day is drawn in one of them, zero in the other.
    const series = (settling: boolean, name: string, color: string) => ({
      name,
      type: 'bar' as const,
      stack: 'day',
      itemStyle: { color, borderRadius: [3, 3, 0, 0] },
      barMaxWidth: 18,
      data: bars.map((b) => (b.settling === settling ? b.value : 0)),
    });
    chart.current?.setOption(
      {
        animation: false,
        grid: compact ? { left: 4, right: 12, top: 32, bottom: 4, containLabel: true } : { left: 16, right: 24, top: 36, bottom: 8, containLabel: true },
        legend: { top: 0, textStyle: { fontSize }, data: [settledLabel, settlingLabel] },
        tooltip: {
          trigger: 'axis',
          formatter: (items: Array<{ dataIndex: number }>) => {
            const b = bars[items[0]?.dataIndex ?? 0];
            return b ? `${day(b.day)}<br/>${f.amount(b.amount, unit)} · ${b.settling ? settlingLabel : settledLabel}` : '';
          },
        },
        xAxis: { type: 'category', data: bars.map((b) => label(b.day)), axisLabel: { fontSize, hideOverlap: true } },
        yAxis: { type: 'value', min: 0, axisLabel: { fontSize }, splitLine: { lineStyle: { type: 'dashed' } } },
        series: [series(false, settledLabel, SETTLED), series(true, settlingLabel, SETTLING)],
      },
      true,
    );
  }, [bars, unit, settledLabel, settlingLabel, compact, f]);

  return <div ref={box} className="up-amount-chart" style={{ width: '100%', height }} role="img" aria-label={`${settledLabel} (${unit})`} data-testid="amount-chart" />;
}
