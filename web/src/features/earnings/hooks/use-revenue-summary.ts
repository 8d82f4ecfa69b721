// orePoolRevenueSummary: every coin's earnings (yesterday, settling, 7 and 30 days, total),
// the selected coin's 30-day chart and its sub-accounts, for both layouts.
import { useMemo } from 'react';
import { useFormat } from '@/lib/use-format';
import { useEarningsChart, useEarningsSummary } from '../api/earnings';
import { chartValue } from '../model/format';
import type { CoinSummary } from '../model/types';
import { useEarningsTexts } from '../texts';

/** SummaryFigure is one headline figure of a coin. */
export interface SummaryFigure {
  key: 'yesterday' | 'settling' | 'last7' | 'last30' | 'total';
  label: string;
  amount: string;
}

/** ChartBar is one day of the chart: a number to draw, settled or settling. */
export interface ChartBar {
  day: string;
  value: number;
  amount: string;
  settling: boolean;
}

export type SummaryState = 'loading' | 'failed' | 'empty' | 'ready';

/**
 * useRevenueSummary reads the summary of the account, or of subAccount, and the chart of
 * coin (the switcher's coin; the first coin with earnings when it has none).
 */
export function useRevenueSummary(coin: string, subAccount: string) {
  const texts = useEarningsTexts();
  const format = useFormat();
  const { t } = texts;
  const summary = useEarningsSummary(subAccount);
  const list = useMemo(() => summary.data ?? [], [summary.data]);
  const current: CoinSummary | null = list.find((c) => c.coin === coin) ?? list[0] ?? null;
  const chart = useEarningsChart(current?.coin ?? '', subAccount, 30);

  const state: SummaryState = !texts.ready || summary.isLoading ? 'loading' : summary.isError && !summary.data ? 'failed' : list.length === 0 ? 'empty' : 'ready';

  const figures = (c: CoinSummary): SummaryFigure[] => [
    { key: 'yesterday', label: t('summary.yesterday'), amount: c.yesterday },
    { key: 'settling', label: t('summary.settling'), amount: c.settling },
    { key: 'last7', label: t('summary.last7'), amount: c.last7 },
    { key: 'last30', label: t('summary.last30'), amount: c.last30 },
    { key: 'total', label: t('summary.total'), amount: c.total },
  ];

  const bars: ChartBar[] = (chart.data ?? []).map((d) => ({ day: d.day, value: chartValue(d.amount), amount: d.amount, settling: d.settling }));

  return {
    texts,
    state,
    coins: list,
    current,
    /** settlingHint says when the settling amount is settled, in the app's language. */
    settlingHint: current ? texts.t('summary.settlingHint', { time: format.dateTime(current.settleAt) }) : '',
    figures,
    retry: () => void summary.refetch(),
    refresh: () => {
      void summary.refetch();
      void chart.refetch();
    },
    chart: { bars, loading: chart.isLoading, failed: chart.isError && !chart.data, retry: () => void chart.refetch() },
  };
}
