// One day's earnings per sub-account with their inputs, and the audit download: the
// desktop shows it in a drawer from the day list, the phone on orePoolRevenueDetail.
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getAudit, useEarningDay } from '../api/earnings';
import { saveText } from '../model/download';
import { useFormat } from '@/lib/use-format';
import { auditFileName } from '../model/format';
import type { DayLogRow } from '../model/types';
import { useEarningsTexts } from '../texts';

/** DayFact is one labelled figure of a sub-account's day; mono for carried amounts, strong for the day's amount. */
export interface DayFact {
  key: string;
  label: string;
  value: string;
  mono?: boolean;
  strong?: boolean;
  testId?: string;
}

export function useRevenueDay(coin: string, day: string, subAccount: string) {
  const texts = useEarningsTexts();
  const { t } = texts;
  const format = useFormat();
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
  const unit = d?.unit ?? coin;
  const settled = d?.settled ?? false;

  /** facts are a sub-account's figures of the day, in order; the settled ones only once the day is settled. */
  const facts = (r: DayLogRow): DayFact[] => {
    const all: Array<DayFact | false> = [
      { key: 'hashrate', label: t('days.hashrate'), value: `${r.hashRate.show} ${r.hashRate.unit}` },
      settled && { key: 'accepted', label: t('day.accepted'), value: format.count(r.accepted) },
      { key: 'accrued', label: t('day.accrued'), value: `${r.accrued} ${unit}`, mono: true },
      settled && { key: 'carryIn', label: t('day.carryIn'), value: r.carryIn, mono: true },
      settled && { key: 'carryOut', label: t('day.carryOut'), value: r.carryOut, mono: true },
      { key: 'fee', label: t('day.fee'), value: `${(r.feeRate * 100).toFixed(2)}%` },
      { key: 'amount', label: t('day.amount'), value: `${r.amount} ${unit}`, strong: true, testId: 'day-row-amount' },
      settled && { key: 'settledAt', label: t('days.settledAt'), value: format.dateTime(r.settledAt) },
    ];
    return all.filter((f): f is DayFact => f !== false);
  };
  return {
    texts,
    day,
    coin,
    unit,
    settled,
    facts,
    rows: d?.rows ?? [],
    loading: !texts.ready || detail.isLoading,
    failed: detail.isError && !d,
    retry: () => void detail.refetch(),
    downloadAudit,
    downloading,
    time: format.dateTime,
  };
}
