// One day's earnings per sub-account with their inputs, and the audit download: the
// desktop shows it in a drawer from the day list, the phone on orePoolRevenueDetail.
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getAudit, useEarningDay } from '../api/earnings';
import { saveText } from '../model/download';
import { auditFileName, formatTime } from '../model/format';
import { useEarningsTexts } from '../texts';

export function useRevenueDay(coin: string, day: string, subAccount: string) {
  const texts = useEarningsTexts();
  const detail = useEarningDay(coin, day, subAccount);
  const [downloading, setDownloading] = useState('');

  /** downloadAudit saves one sub-account's audit CSV of the day. */
  const downloadAudit = useCallback(
    async (code: string) => {
      setDownloading(code);
      try {
        saveText(auditFileName(code, coin, day), await getAudit(coin, day, code));
      } catch (err) {
        // The client already showed a server refusal; a transport error says so here.
        const m = errorMessage(err);
        if (m) notify('error', m);
      } finally {
        setDownloading('');
      }
    },
    [coin, day],
  );

  const d = detail.data;
  return {
    texts,
    day,
    coin,
    unit: d?.unit ?? coin,
    settled: d?.settled ?? false,
    rows: d?.rows ?? [],
    loading: !texts.ready || detail.isLoading,
    failed: detail.isError && !d,
    retry: () => void detail.refetch(),
    downloadAudit,
    downloading,
    time: (ms: number) => formatTime(ms, texts.lang.replace('_', '-')),
  };
}
