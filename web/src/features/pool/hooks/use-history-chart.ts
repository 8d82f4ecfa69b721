// The hashrate chart of an account or sub-account with its 24h / 7d / 30d switch, shared by
// the overview and the sub-account pages of both layouts.
import { useState } from 'react';
import { useHashrateHistory } from '../api/get-history';
import { HISTORY_RANGES, type HistoryRange } from '../model/types';
import { usePoolTexts } from '../texts';

export function useHistoryChart(coin: string, subAccount: string) {
  const { t: tp } = usePoolTexts();
  const [range, setRange] = useState<HistoryRange>('24h');
  const history = useHashrateHistory({ coin, subAccount, range });
  return {
    range,
    setRange,
    ranges: HISTORY_RANGES.map((r) => ({ value: r, label: tp(`range.${r}`) })),
    points: history.data ?? [],
    failed: history.isError,
    retry: () => void history.refetch(),
    /** refetch reads the chart again now (the auto-refresh toggle). */
    refetch: () => void history.refetch(),
    label: tp('figure.realTime'),
  };
}

export type HistoryChart = ReturnType<typeof useHistoryChart>;
