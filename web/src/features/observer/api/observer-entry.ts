// The observer's own calls: what the link shares (the observer token rides in x-token on
// observer pages, chosen by the API client).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ObserverInfo } from '@/lib/storage';

/** useObserverDetail reads the link's info; fresh asks the server again on every mount (the
 * observer list, where a page that met code 5 lands, must not show a cached answer). */
export function useObserverDetail(token: string | null, fresh = false) {
  return useQuery({
    queryKey: ['observer', 'detail', token],
    queryFn: () => api.post<Required<ObserverInfo>>('/observer/link/detail'),
    enabled: !!token,
    staleTime: fresh ? 0 : 60_000,
    refetchOnMount: fresh ? 'always' : true,
  });
}
