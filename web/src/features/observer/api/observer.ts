// The observer-link manager's calls (SPEC section 7 "Observer"; docs/observer.md). Mutations
// are quiet: the form shows a refusal where it is about.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LinkBody, ObserverLink } from '../model/types';

const base = '/pc/v1/customer/observer/link/';

/** observerKeys: the logged-in user's links. */
export const observerKeys = { links: ['observer', 'links'] as const };

export function useObserverLinks() {
  return useQuery({
    queryKey: observerKeys.links,
    queryFn: ({ signal }) => api.get<ObserverLink[]>(base + 'get', undefined, { signal }),
    staleTime: 15_000,
  });
}

function useLinkMutation<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.send<ObserverLink | null>(base + path, { method: 'POST', body, quiet: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: observerKeys.links }),
  });
}

/** LinkRef names one link: by token, or by id when its token cannot be shown. */
export type LinkRef = { token: string } | { id: number };

export const useAddLink = () => useLinkMutation<LinkBody>('add');
export const useEditLink = () => useLinkMutation<LinkBody>('edit');
export const useDeleteLink = () => useLinkMutation<LinkRef>('delete');
export const useRegenerateLink = () => useLinkMutation<LinkRef>('regenerate');
