import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api, codes } from '@/lib/api-client';
import type { HelpDetail, HelpKind } from '../model/types';
import { helpKeys, type Reader } from './keys';

/**
 * getHelpDetail reads one article (GET /pc/v1/helpPage/{kind}/detail?id). It is
 * quiet: the page shows "not found" itself instead of a passing warning.
 * Opening a notice marks it read on the server.
 */
export function getHelpDetail(kind: HelpKind, id: number, signal?: AbortSignal): Promise<HelpDetail> {
  return api.request<HelpDetail>(`/pc/v1/helpPage/${kind}/detail`, { query: { id }, signal, quiet: true });
}

/** isNotFound tells the server's "no such article" (code 3 on a detail) from other failures. */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'code' && err.code === codes.warning;
}

/** getHelpDetailQueryOptions: one article in the reader's language. */
export const getHelpDetailQueryOptions = (kind: HelpKind, id: number, reader: Reader) =>
  queryOptions({
    queryKey: [...helpKeys.details(kind), reader.lang, reader.account ?? '', id],
    queryFn: ({ signal }) => getHelpDetail(kind, id, signal),
    staleTime: kind === 'notice' ? 0 : 60_000,
  });

/**
 * useHelpDetail gives one article; id null (a malformed address) asks nothing.
 * A notice that arrives has just been marked read, so the lists and the unread
 * count are refreshed.
 */
export function useHelpDetail(kind: HelpKind, id: number | null, reader: Reader) {
  const client = useQueryClient();
  const query = useQuery({ ...getHelpDetailQueryOptions(kind, id ?? 0, reader), enabled: id !== null });
  const openedId = kind === 'notice' && query.isSuccess ? query.data.id : null;
  useEffect(() => {
    if (openedId === null) return;
    void client.invalidateQueries({ queryKey: helpKeys.lists('notice') });
    void client.invalidateQueries({ queryKey: helpKeys.unread() });
  }, [client, openedId]);
  return query;
}
