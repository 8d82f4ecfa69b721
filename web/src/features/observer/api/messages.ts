// Observer messages (GET /pc/v1/helpPage/observer/message/list, /detail?messageid,
// /info?showContent; POST .../readAll). The observer token rides in x-token on observer
// pages (the API client chooses it); keys name the link and language, so another link or
// language never sees this one's copy.
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { MessageDetail, MessageInfo, MessagePage } from '../model/messages';

const base = '/pc/v1/helpPage/observer/message';

/** messageKeys are the cache keys of one link's messages. */
export const messageKeys = {
  all: ['observer', 'messages'] as const,
  link: (token: string) => [...messageKeys.all, token] as const,
  info: (token: string) => [...messageKeys.link(token), 'info'] as const,
};

export function getMessages(page: number, pageSize: number, signal?: AbortSignal): Promise<MessagePage> {
  return api.get<MessagePage>(`${base}/list`, { page, pageSize }, { signal });
}

/** getMessage reads one message, quietly: the page says "not found" itself. */
export function getMessage(id: string, signal?: AbortSignal): Promise<MessageDetail> {
  return api.request<MessageDetail>(`${base}/detail`, { query: { messageid: id }, signal, quiet: true });
}

export function getMessageInfo(signal?: AbortSignal): Promise<MessageInfo> {
  return api.get<MessageInfo>(`${base}/info`, undefined, { signal });
}

export function readAllMessages(): Promise<Answer<{ unReadCount: number }>> {
  return api.send<{ unReadCount: number }>(`${base}/readAll`, { method: 'POST' });
}

export const messagePageQuery = (token: string, lang: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...messageKeys.link(token), 'page', lang, page, pageSize],
    queryFn: ({ signal }) => getMessages(page, pageSize, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const messageFeedQuery = (token: string, lang: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: [...messageKeys.link(token), 'feed', lang, pageSize],
    queryFn: ({ pageParam, signal }) => getMessages(pageParam, pageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last: MessagePage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });

export const messageQuery = (token: string, lang: string, id: string) =>
  queryOptions({
    queryKey: [...messageKeys.link(token), 'detail', lang, id],
    queryFn: ({ signal }) => getMessage(id, signal),
    staleTime: 60_000,
  });

/** messageInfoQuery is the red marker's count, asked again every minute while a page is open. */
export const messageInfoQuery = (token: string) =>
  queryOptions({
    queryKey: messageKeys.info(token),
    queryFn: ({ signal }) => getMessageInfo(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
