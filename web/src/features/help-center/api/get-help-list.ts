import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf, type Paging } from '../model/paging';
import type { HelpKind, HelpListPage } from '../model/types';
import { helpKeys, type Reader } from './keys';

/** getHelpList reads one page of a section (GET /pc/v1/helpPage/{kind}/list). */
export function getHelpList(kind: HelpKind, { page, pageSize }: Paging, signal?: AbortSignal): Promise<HelpListPage> {
  return api.get<HelpListPage>(`/pc/v1/helpPage/${kind}/list`, { page, pageSize }, { signal });
}

// Notices carry read marks that change when one is opened: always ask again.
const staleTimeOf = (kind: HelpKind) => (kind === 'notice' ? 0 : 60_000);

/** getHelpListQueryOptions: one page, keeping the previous page on screen while the next loads. */
export const getHelpListQueryOptions = (kind: HelpKind, paging: Paging, reader: Reader) =>
  queryOptions({
    queryKey: [...helpKeys.lists(kind), 'page', reader.lang, reader.account ?? '', paging.page, paging.pageSize],
    queryFn: ({ signal }) => getHelpList(kind, paging, signal),
    staleTime: staleTimeOf(kind),
    placeholderData: keepPreviousData,
  });

/** useHelpList gives one page of a section; enabled false waits (a visitor on the notice card). */
export function useHelpList(kind: HelpKind, paging: Paging, reader: Reader, enabled = true) {
  return useQuery({ ...getHelpListQueryOptions(kind, paging, reader), enabled });
}

/** getHelpListInfiniteQueryOptions: page after page of pageSize, for the phone's endless list. */
export const getHelpListInfiniteQueryOptions = (kind: HelpKind, pageSize: number, reader: Reader) =>
  infiniteQueryOptions({
    queryKey: [...helpKeys.lists(kind), 'infinite', reader.lang, reader.account ?? '', pageSize],
    queryFn: ({ pageParam, signal }) => getHelpList(kind, { page: pageParam, pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last),
    staleTime: staleTimeOf(kind),
  });

/** useHelpListInfinite gives the pages loaded so far and loads the next on demand. */
export function useHelpListInfinite(kind: HelpKind, pageSize: number, reader: Reader) {
  return useInfiniteQuery(getHelpListInfiniteQueryOptions(kind, pageSize, reader));
}
