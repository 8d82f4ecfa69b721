import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LanguageEntry } from '@/lib/language';

/** getLanguageList reads the languages the server offers, in its order. */
export function getLanguageList(signal?: AbortSignal): Promise<LanguageEntry[]> {
  return api.get<LanguageEntry[] | null>('/pc/v1/common/basic/language/list', undefined, { signal, silent: true })
    .then((list) => (Array.isArray(list) ? list : []));
}

/** getLanguageListQueryOptions caches the list for the whole visit. */
export const getLanguageListQueryOptions = () =>
  queryOptions({
    queryKey: ['language-list'],
    queryFn: ({ signal }) => getLanguageList(signal),
    staleTime: Infinity,
  });

/** useLanguageList gives the server's language list (empty when it fails). */
export function useLanguageList() {
  return useQuery(getLanguageListQueryOptions());
}
