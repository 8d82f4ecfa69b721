// orePoolAssetsOverview and orePoolAssetsDetail: balances per coin with their value in the
// visitor's fiat, and the journal with its filters in the address.
import { useCallback, useState } from 'react';
import { useAddressParams } from '@/lib/use-address-params';
import { FIAT_SYMBOL, storedLegalTender, storeLegalTender } from '@/lib/legal-tender';
import { formatAmount } from '@/lib/format';
import { useAssetEntries, useAssets } from '../api/earnings';
import { formatTime, grouped } from '../model/format';
import { ENTRY_KINDS, PAGE_SIZES, type Asset, type Entry, type Fiat, type PageSize } from '../model/types';
import { withdrawBlock } from '../model/withdraw-gate';
import { useEarningsTexts } from '../texts';

/** BALANCES are an asset's amounts, in the order both layouts show them. */
export const BALANCES = ['available', 'frozen', 'earned', 'withdrawn'] as const;
export type Balance = (typeof BALANCES)[number];

/**
 * useAssetsOverview is the balances page for both layouts: the coins' balances with their
 * value in the chosen fiat, and which coin's withdrawal dialog is open. ready false waits
 * for the sub-account to be known (the page's selection still loading): the overview of
 * all sub-accounts was asked for first and cancelled when the address's sub-account came,
 * a second request on every load.
 */
export function useAssetsOverview(subAccount: string, ready = true) {
  const texts = useEarningsTexts();
  const [fiat, setFiatState] = useState<Fiat>(storedLegalTender());
  const [withdrawing, setWithdrawing] = useState('');
  const assets = useAssets(subAccount, fiat, ready);
  const rows = assets.data ?? [];
  const setFiat = useCallback((f: Fiat) => {
    storeLegalTender(f);
    setFiatState(f);
  }, []);
  // The total adds the values the server rounded to cents: a display figure, not money.
  const total = rows.reduce((s, a) => s + (a.fiatValue ? Number(a.fiatValue) : 0), 0);
  const sign = FIAT_SYMBOL[fiat];
  return {
    texts,
    fiat,
    setFiat,
    rows,
    totalValue: total.toFixed(2),
    /** totalText is the total with its sign: "$1,234.50". */
    totalText: `${sign}${grouped(total.toFixed(2))}`,
    /** money writes a fiat value with its sign, or says the coin has no price. */
    money: (v: string) => (v ? `${sign}${grouped(v)}` : texts.t('assets.noPrice')),
    /** amount writes one of a coin's balances with its unit. */
    amount: (a: Asset, k: Balance) => formatAmount(a[k], a.unit),
    /** blockOf says why a coin cannot be withdrawn from here (null: it can). */
    blockOf: (a: Asset) => withdrawBlock(subAccount, a.available),
    /** withdrawing is the coin whose withdrawal dialog is open ('' none). */
    withdrawing,
    startWithdraw: setWithdrawing,
    stopWithdraw: () => setWithdrawing(''),
    loading: !texts.ready || !ready || assets.isLoading,
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
    time: (ms: number) => formatTime(ms, texts.lang),
    /** amount writes an entry's amount signed, with its coin: "+0.5 MINE", "-0.5 MINE". */
    amount: (e: Entry) => `${e.amount.startsWith('-') ? '' : '+'}${formatAmount(e.amount, e.coin)}`,
  };
}
