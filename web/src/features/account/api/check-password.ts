import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** checkPassword checks the current password (step 1 of the old-password tab); the form shows errors. */
export function checkPassword(oldPassword: string): Promise<null> {
  return api.post<null>('/pc/v1/customer/password/check', { oldPassword }, { quiet: true });
}

/** useCheckPassword checks passwords. */
export function useCheckPassword() {
  return useMutation({ mutationFn: checkPassword });
}
