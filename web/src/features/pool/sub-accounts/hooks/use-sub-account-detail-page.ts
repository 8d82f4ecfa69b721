// orePoolSubAccountDetail (?code=): one sub-account's figures, chart and connection details,
// for both layouts.
import { useSearchParams } from 'react-router-dom';
import { useHistoryChart } from '../../hooks/use-history-chart';
import { useSubAccountDetail } from '../api/sub-accounts';
import { useSubAccountTexts } from '../texts';
import { rateParts } from '@/lib/hashrate';

/** DetailFigure is one headline card: a label, a value and its unit or a second line. */
export interface DetailFigure {
  key: string;
  label: string;
  value: string;
  unit?: string;
}

/** DetailState: skeleton, no code in the address, a failed read with retry, or the page. */
export type DetailState = 'loading' | 'missing' | 'failed' | 'ready';

export function useSubAccountDetailPage() {
  const texts = useSubAccountTexts();
  const { tp, ready } = texts;
  const [q] = useSearchParams();
  const code = q.get('code') ?? '';
  const detail = useSubAccountDetail(code);
  const d = detail.data;
  const chart = useHistoryChart(d?.defaultCoin ?? '', code);
  const state: DetailState = !ready || (code && detail.isLoading) ? 'loading' : !code ? 'missing' : detail.isError || !d ? 'failed' : 'ready';

  const figures: DetailFigure[] = d
    ? [
        { key: 'realTime', label: tp('figure.realTime'), ...rateParts(d.realTimeHashRate, tp('figure.measuring')) },
        { key: 'day', label: tp('figure.day'), ...rateParts(d.dayHashRate, tp('figure.measuring')) },
        { key: 'online', label: tp('figure.devices'), value: `${d.counts.normal + d.counts.abnormal} / ${d.counts.total}`, unit: tp('figure.online') },
        { key: 'unbound', label: tp('figure.unbound'), value: String(d.counts.unbound) },
        { key: 'accepted', label: tp('figure.accepted'), value: String(d.accepted), unit: `${tp('figure.rejected')} ${d.rejected} · ${tp('figure.stale')} ${d.stale}` },
      ]
    : [];

  return {
    texts,
    state,
    code,
    figures,
    chart,
    /** message is the server's refusal (another user's code, say), empty when the read failed in transit. */
    message: detail.error instanceof Error && !detail.isFetching ? detail.error.message : '',
    retry: () => void detail.refetch(),
    /** devicesQuery opens the device list on this sub-account and its default coin. */
    devicesQuery: d ? `?sub=${code}&coin=${d.defaultCoin}` : '',
  };
}
