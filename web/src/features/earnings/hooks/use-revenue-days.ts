// orePoolRevenueChain: a coin's earnings by day (settling first, then settled), paged in
// the address, exported as CSV, with a day's detail one tap away.
import { useCallback, useState } from 'react';
import { useAddressParams } from '@/lib/use-address-params';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useEarningDays } from '../api/earnings';
import { saveText } from '../model/download';
import { useFormat } from '@/lib/use-format';
import { daysCsv } from '../model/format';
import { PAGE_SIZES, type DayPage, type EarningDay, type PageSize } from '../model/types';
import { useEarningsTexts } from '../texts';

function readPage(params: URLSearchParams): { page: number; size: PageSize } {
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const n = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : 10;
  return { page, size };
}

export function useRevenueDays(coin: string, subAccount: string) {
  const texts = useEarningsTexts();
  const { t } = texts;
  const format = useFormat();
  const [params, editParams] = useAddressParams();
  const { page, size } = readPage(params);
  const days = useEarningDays(coin, subAccount, page, size);
  const [exporting, setExporting] = useState(false);

  const setPage = useCallback(
    (p: number, s: PageSize = size) =>
      editParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(s !== size ? 1 : p));
        next.set('size', String(s));
        return next;
      }),
    [editParams, size],
  );

  const status = useCallback((r: EarningDay) => (r.settling ? t('days.settling') : t('days.settled')), [t]);
  const time = format.dateTime;

  /** exportCsv fetches every day of the coin (50 a page) and saves them as one CSV. */
  const exportCsv = useCallback(async () => {
    setExporting(true);
    try {
      const all: EarningDay[] = [];
      let unit = coin;
      for (let p = 1; ; p++) {
        const pg = await api.get<DayPage>('/pc/v1/earnings/days', { coin, subAccount: subAccount || undefined, page: p, pageSize: 50 });
        all.push(...pg.rows);
        unit = pg.unit || unit;
        if (all.length >= pg.total || pg.rows.length === 0) break;
      }
      const headers = { day: t('days.day'), hashrate: t('days.csvHashrate'), amount: t('days.amount'), unit: t('days.csvUnit'), status: t('days.status'), settledAt: t('days.csvSettledAt') };
      const csv = daysCsv(all, headers, unit, status);
      saveText(`earnings-${subAccount || 'all'}-${coin}.csv`, csv);
    } catch (err) {
      const m = errorMessage(err);
      if (m) notify('error', m);
    } finally {
      setExporting(false);
    }
  }, [coin, subAccount, t, status]);

  const data = days.data;
  return {
    texts,
    coin,
    rows: data?.rows ?? [],
    unit: data?.unit ?? coin,
    total: data?.total ?? 0,
    page,
    size,
    setPage,
    loading: !texts.ready || days.isLoading,
    failed: days.isError && !data,
    retry: () => void days.refetch(),
    refresh: () => void days.refetch(),
    status,
    time,
    exportCsv,
    exporting,
  };
}
