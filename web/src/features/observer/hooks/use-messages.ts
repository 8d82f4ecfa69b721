// The observer's messages, once for the desktop and the phone: the list (paged or endless),
// one message (opening it marks it read), the red marker's count kept in storage for the
// menus, and "mark all read".
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, codes } from '@/lib/api-client';
import { local, localKeys } from '@/lib/storage';
import { useSession } from '@/lib/use-session';
import { messageFeedQuery, messageInfoQuery, messageKeys, messagePageQuery, messageQuery, readAllMessages } from '../api/messages';
import { unreadOf } from '../model/messages';

/** MESSAGE_PAGE_SIZES are the desktop list's page sizes (SPEC's 10/20/30/50). */
export const MESSAGE_PAGE_SIZES = [10, 20, 30, 50] as const;
/** MOBILE_MESSAGE_PAGE is how many the phone loads at a time. */
export const MOBILE_MESSAGE_PAGE = 20;

function useReader() {
  const { i18n } = useTranslation();
  const { observerToken } = useSession();
  return { token: observerToken ?? '', lang: i18n.language };
}

/** storeUnread keeps the count where the menus read it (localStorage unReadCount). */
function storeUnread(n: unknown) {
  local.set(localKeys.unReadCount, String(unreadOf(n)));
}

/** useMessageMarker keeps the red marker's count fresh on observer pages (every minute). */
export function useMessageMarker(enabled = true) {
  const { token } = useReader();
  const info = useQuery({ ...messageInfoQuery(token), enabled: enabled && !!token });
  const count = info.data?.unReadCount;
  useEffect(() => {
    if (count !== undefined) storeUnread(count);
  }, [count]);
  return unreadOf(count);
}

/** useMessagePage gives one page of the feed (the desktop list). */
export function useMessagePage(page: number, pageSize: number) {
  const { token, lang } = useReader();
  const q = useQuery({ ...messagePageQuery(token, lang, page, pageSize), enabled: !!token });
  const count = q.data?.unReadCount;
  useEffect(() => {
    if (count !== undefined) storeUnread(count);
  }, [count]);
  return q;
}

/** useMessageFeed gives the feed page after page (the phone's endless list). */
export function useMessageFeed() {
  const { token, lang } = useReader();
  const q = useInfiniteQuery({ ...messageFeedQuery(token, lang, MOBILE_MESSAGE_PAGE), enabled: !!token });
  const count = q.data?.pages[0]?.unReadCount;
  useEffect(() => {
    if (count !== undefined) storeUnread(count);
  }, [count]);
  return q;
}

/**
 * useMessage gives one message; id null (a malformed address) asks nothing. A message that
 * arrives unread-before has just been marked read, so the lists and the marker are asked again.
 */
export function useMessage(id: string | null) {
  const { token, lang } = useReader();
  const client = useQueryClient();
  const q = useQuery({ ...messageQuery(token, lang, id ?? ''), enabled: !!token && id !== null });
  const opened = q.isSuccess ? q.data.id : null;
  useEffect(() => {
    if (opened === null) return;
    void client.invalidateQueries({
      queryKey: messageKeys.link(token),
      predicate: (query) => query.queryKey[3] !== 'detail',
    });
  }, [client, opened, token]);
  return q;
}

/** isMessageGone tells the server's "no such message for this link" from other failures. */
export function isMessageGone(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'code' && err.code === codes.warning;
}

/** useReadAllMessages marks every message so far read for the link and clears the marker. */
export function useReadAllMessages() {
  const { token } = useReader();
  const client = useQueryClient();
  return useMutation({
    mutationFn: readAllMessages,
    onSuccess: () => {
      storeUnread(0);
      return client.invalidateQueries({ queryKey: messageKeys.link(token) });
    },
  });
}
