// The withdrawal history of the asset pages: newest first, paged, refreshed while one is
// processing; hashes link nowhere yet (the explorer comes with its own issue) but copy.
import { useEffect, useRef, useState } from 'react';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useWithdrawals } from '../api/withdraw';
import type { PageSize, Withdrawal } from '../model/types';
import { useWithdrawTexts } from '../texts';

/** WithdrawalAmount names an amount of a withdrawal. */
export type WithdrawalAmount = 'amount' | 'fee' | 'received';

/**
 * useWithdrawalHistory pages the history; onSettled runs when a withdrawal on the page
 * changes status (paid or failed), so the balances beside it can refresh too. ready false
 * waits for the sub-account to be known: asking for all sub-accounts first and then for
 * the one in the address sent a request that was cancelled on every load.
 */
export function useWithdrawalHistory(sub: string, coin = '', onSettled?: () => void, ready = true) {
  const texts = useWithdrawTexts();
  const [page, setPageState] = useState(1);
  const [size, setSize] = useState<PageSize>(10);
  const q = useWithdrawals(sub, coin, page, size, ready);
  const data = q.data;
  const statuses = (data?.rows ?? []).map((w) => `${w.id}:${w.status}`).join(',');
  const last = useRef<string | null>(null);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    if (last.current !== null && last.current !== statuses) settled.current?.();
    last.current = statuses;
  }, [statuses]);
  return {
    texts,
    rows: data?.rows ?? [],
    total: data?.total ?? 0,
    page,
    size,
    setPage: (p: number, s: PageSize = size) => {
      setPageState(s !== size ? 1 : p);
      setSize(s);
    },
    loading: !texts.ready || !ready || q.isLoading,
    failed: q.isError && !data,
    retry: () => void q.refetch(),
    time: (ms: number) => formatDateTime(ms, texts.lang, { seconds: true }),
    /** amount writes one of a withdrawal's amounts with its coin. */
    amount: (w: Withdrawal, k: WithdrawalAmount) => formatAmount(w[k], w.currencyType),
    /** progress says where a withdrawal stands, with confirmations once it is sent. */
    progress: (w: Withdrawal) =>
      w.status === 'processing' && w.txHash
        ? texts.t('history.confirming', { n: w.confirmations, of: w.requiredConfirmations })
        : w.status === 'processing'
          ? texts.t(`history.stages.${w.stage}`)
          : w.status === 'failure'
            ? w.reason
            : '',
  };
}
