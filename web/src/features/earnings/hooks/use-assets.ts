// orePoolAssetsOverview and orePoolAssetsDetail: balances per coin with their value in the
// visitor's fiat, and the journal with its filters in the address.
import { useCallback, useState } from 'react';
import { useAddressParams } from '@/lib/use-address-params';
import { storedLegalTender, storeLegalTender } from '@/lib/legal-tender';
import { useAssetEntries, useAssets } from '../api/earnings';
import { formatTime } from '../model/format';
import { ENTRY_KINDS, PAGE_SIZES, type Fiat, type PageSize } from '../model/types';
import { useEarningsTexts } from '../texts';

export function useAssetsOverview(subAccount: string) {
  const texts = useEarningsTexts();
  const [fiat, setFiatState] = useState<Fiat>(storedLegalTender());
  const assets = useAssets(subAccount, fiat);
  const rows = assets.data ?? [];
  const setFiat = useCallback((f: Fiat) => {
    storeLegalTender(f);
    setFiatState(f);
  }, []);
  // The total adds the values the server rounded to cents: a display figure, not money.
  const total = rows.reduce((s, a) => s + (a.fiatValue ? Number(a.fiatValue) : 0), 0);
  return {
    texts,
    fiat,
    setFiat,
    rows,
    totalValue: total.toFixed(2),
    loading: !texts.ready || assets.isLoading,
    failed: assets.isError && !assets.data,
    empty: rows.every((a) => !/[1-9]/.test(a.available + a.frozen + a.earned + a.withdrawn)),
    retry: () => void assets.refetch(),
  };
}

const isDay = (s: string | null) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : '');

export function useAssetEntriesPage(coin: string, subAccount: string) {
  const texts = useEarningsTexts();
  const [params, editParams] = useAddressParams();
  const kind = ENTRY_KINDS.find((k) => k === params.get('kind')) ?? '';
  const from = isDay(params.get('from'));
  const to = isDay(params.get('to'));
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const n = Number(params.get('size'));
  const size: PageSize = (PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : 10;
  const entries = useAssetEntries({ coin, subAccount, kind, from, to, page, pageSize: size });

  const update = useCallback(
    (change: Record<string, string>) =>
      editParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(change)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in change)) next.delete('page'); // a new filter starts at page one
        return next;
      }),
    [editParams],
  );

  const data = entries.data;
  return {
    texts,
    kind,
    from,
    to,
    page,
    size,
    setKind: (k: string) => update({ kind: k }),
    setRange: (f: string, t: string) => update({ from: f, to: t }),
    setPage: (p: number, s: PageSize = size) => update({ page: String(s !== size ? 1 : p), size: String(s) }),
    clear: () => update({ kind: '', from: '', to: '' }),
    filtered: kind !== '' || from !== '' || to !== '',
    rows: data?.rows ?? [],
    total: data?.total ?? 0,
    loading: !texts.ready || entries.isLoading,
    failed: entries.isError && !data,
    retry: () => void entries.refetch(),
    time: (ms: number) => formatTime(ms, texts.lang.replace('_', '-')),
  };
}
