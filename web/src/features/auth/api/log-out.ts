import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/storage';

/** logOut ends the session on the server (best effort) and forgets it here. */
export async function logOut(): Promise<void> {
  try {
    await api.post<null>('/app/v1/customer/account/logOut', undefined, { silent: true });
  } catch {
    // Already gone on the server, or unreachable: the local session is dropped anyway.
  } finally {
    clearSession();
  }
}

/** useLogOut logs out; the caller moves to the login page on success. */
export function useLogOut() {
  return useMutation({ mutationFn: logOut });
}
