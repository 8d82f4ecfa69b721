// The revenue and asset calls (docs/earnings.md). Every read takes the sub-account to
// narrow to (undefined: the whole account), so the same reads serve any scope.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Asset, CoinSummary, DayDetail, DayPage, EarningDay, EntryPage, Fiat } from '../model/types';

/** earningsKeys: everything under all belongs to the logged-in user. */
export const earningsKeys = {
  all: ['earnings'] as const,
  summary: (sub: string) => [...earningsKeys.all, 'summary', sub] as const,
  days: (coin: string, sub: string, page: number, size: number) => [...earningsKeys.all, 'days', coin, sub, page, size] as const,
  chart: (coin: string, sub: string, days: number) => [...earningsKeys.all, 'chart', coin, sub, days] as const,
  day: (coin: string, day: string, sub: string) => [...earningsKeys.all, 'day', coin, day, sub] as const,
  assets: (sub: string, fiat: Fiat) => [...earningsKeys.all, 'assets', sub, fiat] as const,
  entries: (q: EntryQuery) => [...earningsKeys.all, 'entries', q] as const,
};

const sub = (s?: string | null) => s || undefined;

export function useEarningsSummary(subAccount: string) {
  return useQuery({
    queryKey: earningsKeys.summary(subAccount),
    queryFn: ({ signal }) => api.get<CoinSummary[]>('/pc/v1/earnings/summary', { subAccount: sub(subAccount) }, { signal }),
    staleTime: 30_000,
  });
}

export function useEarningDays(coin: string, subAccount: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: earningsKeys.days(coin, subAccount, page, pageSize),
    queryFn: ({ signal }) => api.get<DayPage>('/pc/v1/earnings/days', { coin, subAccount: sub(subAccount), page, pageSize }, { signal }),
    enabled: coin !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useEarningsChart(coin: string, subAccount: string, days = 30) {
  return useQuery({
    queryKey: earningsKeys.chart(coin, subAccount, days),
    queryFn: ({ signal }) => api.get<EarningDay[]>('/pc/v1/earnings/chart', { coin, subAccount: sub(subAccount), days }, { signal }),
    enabled: coin !== '',
    staleTime: 60_000,
  });
}

export function useEarningDay(coin: string, day: string, subAccount: string) {
  return useQuery({
    queryKey: earningsKeys.day(coin, day, subAccount),
    queryFn: ({ signal }) => api.get<DayDetail>('/pc/v1/earnings/day', { coin, day, subAccount: sub(subAccount) }, { signal }),
    enabled: coin !== '' && day !== '',
    staleTime: 60_000,
  });
}

/** getAudit downloads one sub-account's settled day as CSV text. */
export function getAudit(coin: string, day: string, subAccount: string): Promise<string> {
  return api.text('/pc/v1/earnings/audit', { coin, day, subAccount });
}

/** useAssets reads the balances; enabled false waits (while the sub-account is not known yet). */
export function useAssets(subAccount: string, fiat: Fiat, enabled = true) {
  return useQuery({
    queryKey: earningsKeys.assets(subAccount, fiat),
    enabled,
    queryFn: ({ signal }) => api.get<Asset[]>('/pc/v1/assets/overview', { subAccount: sub(subAccount), fiat }, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** EntryQuery is what the journal list asks for. */
export interface EntryQuery {
  coin: string;
  subAccount: string;
  kind: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

export function useAssetEntries(q: EntryQuery) {
  return useQuery({
    queryKey: earningsKeys.entries(q),
    queryFn: ({ signal }) =>
      api.get<EntryPage>(
        '/pc/v1/assets/entries',
        { coin: q.coin, subAccount: sub(q.subAccount), kind: q.kind || undefined, from: q.from || undefined, to: q.to || undefined, page: q.page, pageSize: q.pageSize },
        { signal },
      ),
    enabled: q.coin !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
