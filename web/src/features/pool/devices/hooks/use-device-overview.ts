// orePoolDeviceOverview: the selected coin and sub-account's figures, devices by status and
// hashrate chart, worked out once for the desktop and the phone page.
import { useHistoryChart } from '../../hooks/use-history-chart';
import { usePoolSelection } from '../../hooks/use-pool-selection';
import { DEVICE_STATUSES, type DeviceStatus } from '../../model/types';
import { startSteps } from '../../texts';
import { useOverview } from '../api/devices';
import { rejectRate } from '../model/list-params';
import { useDeviceTexts } from '../texts';
import { rateParts } from '@/lib/hashrate';

/** OverviewFigure is one headline card: a label, a value and its unit. */
export interface OverviewFigure {
  key: string;
  label: string;
  value: string;
  unit?: string;
}

/** StatusCount is one button of the status breakdown, leading to the list filtered by it. */
export interface StatusCount {
  key: DeviceStatus | 'unbound';
  label: string;
  count: number;
  /** query is the device list's filter, added after the coin and sub-account. */
  query: string;
}

/** PageState is what the page shows: skeleton, error with retry, the start-mining steps, or figures. */
export type OverviewState = 'loading' | 'failed' | 'start' | 'ready';

export function useDeviceOverview() {
  const texts = useDeviceTexts();
  const { t, tp, ready } = texts;
  const sel = usePoolSelection();
  const coin = sel.coin?.type ?? '';
  const sub = sel.subAccount?.code ?? '';
  const ov = useOverview(coin, sub);
  const chart = useHistoryChart(coin, sub);
  const o = ov.data;

  const state: OverviewState =
    !ready || sel.isLoading || (coin && ov.isLoading) ? 'loading' : sel.error || ov.isError ? 'failed' : sel.subAccounts.length === 0 ? 'start' : o ? 'ready' : 'loading';

  const figures: OverviewFigure[] = o
    ? [
        { key: 'realTime', label: tp('figure.realTime'), ...rateParts(o.realTimeHashRate, tp('figure.measuring')) },
        { key: 'day', label: tp('figure.day'), ...rateParts(o.dayHashRate, tp('figure.measuring')) },
        { key: 'accepted', label: tp('figure.accepted'), value: String(o.accepted), unit: t('overview.shares') },
        { key: 'rejectRate', label: t('overview.rejectRate'), value: rejectRate(o.accepted, o.rejected, o.stale).toFixed(2), unit: '%' },
      ]
    : [];

  const statusCounts: StatusCount[] = o
    ? [
        ...DEVICE_STATUSES.map((s) => ({ key: s, label: tp(`status.${s}`), count: o.counts[s], query: `&status=${s}` })),
        { key: 'unbound' as const, label: tp('figure.unbound'), count: o.counts.unbound, query: '&bound=false' },
      ]
    : [];

  return {
    texts,
    state,
    coin,
    total: o?.counts.total ?? 0,
    figures,
    statusCounts,
    /** listQuery is the device list's address query for the selection plus a filter. */
    listQuery: (filter = '') => `?coin=${coin}&sub=${sub}${filter}`,
    retry: () => (sel.error ? void sel.refetch() : void ov.refetch()),
    refresh: () => {
      void ov.refetch();
      chart.refetch();
    },
    startSteps: startSteps(tp),
    chart,
  };
}
