import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { NoticeUnread } from '../model/types';
import { helpKeys } from './keys';

/** getNoticeUnread reads how many notices the user has not opened (GET /pc/v1/helpPage/notice/unread). */
export async function getNoticeUnread(signal?: AbortSignal): Promise<number> {
  const data = await api.get<NoticeUnread>('/pc/v1/helpPage/notice/unread', undefined, { signal });
  const n = Number(data?.unReadCount);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** getNoticeUnreadQueryOptions: the count, asked again on every visit. */
export const getNoticeUnreadQueryOptions = (account: string) =>
  queryOptions({
    queryKey: [...helpKeys.unread(), account],
    queryFn: ({ signal }) => getNoticeUnread(signal),
    staleTime: 0,
  });

/** useNoticeUnread gives the unread count of the logged-in user; pass enabled false for a visitor. */
export function useNoticeUnread(account: string, enabled: boolean) {
  return useQuery({ ...getNoticeUnreadQueryOptions(account), enabled });
}
