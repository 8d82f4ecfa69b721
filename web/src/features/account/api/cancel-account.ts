import { useMutation } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';

/**
 * cancelAccount ends the account for good (POST /pc/v1/customer/account/cancel)
 * after the server checks the password; every session ends with it. The
 * caller leaves the account pages and then forgets the session (see
 * useForgetOnLeave), so no page behind the login gate sees the token go. The
 * form shows errors.
 */
export function cancelAccount(password: string): Promise<Answer<null>> {
  return api.send<null>('/pc/v1/customer/account/cancel', { method: 'POST', body: { password }, quiet: true });
}

/** useCancelAccount cancels the account. */
export function useCancelAccount() {
  return useMutation({ mutationFn: cancelAccount });
}
