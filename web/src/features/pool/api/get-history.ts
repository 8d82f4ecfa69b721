import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { HistoryPoint, HistoryRange } from '../model/types';
import { poolKeys } from './keys';

/** HistoryScope is whose hashrate: the account (no subAccount) or one sub-account, on one coin. */
export interface HistoryScope {
  coin: string;
  subAccount?: string | null;
  range: HistoryRange;
}

/**
 * getHashrateHistory reads the hashrate of the account or a sub-account on a coin
 * (GET /pc/v1/pool/hashrate/history): 24h in 10-minute points, 7d and 30d hourly,
 * oldest first, ending with the last whole bucket.
 */
export function getHashrateHistory({ coin, subAccount, range }: HistoryScope, signal?: AbortSignal): Promise<HistoryPoint[]> {
  return api.get<HistoryPoint[]>('/pc/v1/pool/hashrate/history', { coin, subAccount: subAccount ?? undefined, range }, { signal });
}

export const hashrateHistoryQueryOptions = (scope: HistoryScope) =>
  queryOptions({
    queryKey: [...poolKeys.history(), 'scope', scope.coin, scope.subAccount ?? '', scope.range],
    queryFn: ({ signal }) => getHashrateHistory(scope, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** useHashrateHistory gives the scope's history; it waits while coin is empty. */
export function useHashrateHistory(scope: HistoryScope) {
  return useQuery({ ...hashrateHistoryQueryOptions(scope), enabled: scope.coin !== '' });
}

/** getDeviceHistory reads one device's hashrate on its coin (GET /pc/v1/pool/device/hashrate). */
export function getDeviceHistory(id: number, range: HistoryRange, signal?: AbortSignal): Promise<HistoryPoint[]> {
  return api.get<HistoryPoint[]>('/pc/v1/pool/device/hashrate', { id, range }, { signal });
}

export const deviceHistoryQueryOptions = (id: number, range: HistoryRange) =>
  queryOptions({
    queryKey: [...poolKeys.history(), 'device', id, range],
    queryFn: ({ signal }) => getDeviceHistory(id, range, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** useDeviceHistory gives one device's history; it waits while id is 0. */
export function useDeviceHistory(id: number, range: HistoryRange) {
  return useQuery({ ...deviceHistoryQueryOptions(id, range), enabled: id > 0 });
}
