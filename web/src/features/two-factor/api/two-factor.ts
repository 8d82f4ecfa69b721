// The account page's two-factor calls (docs/accounts.md "Two-factor sign-in"). The status
// query is lib/two-factor's (the withdrawal forms read it too). Mutations are quiet: the
// dialogs show a refusal beside the field it is about.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import { twoFactorStatusKey } from '@/lib/two-factor';
import type { Enrolment, RecoveryCodes } from '../model/types';

const base = '/pc/v1/customer/2fa';

/** setUp starts enrolment with a new key; a set-up begun before is replaced. */
export function setUp(): Promise<Answer<Enrolment>> {
  return api.send<Enrolment>(`${base}/setup`, { method: 'POST', body: {}, quiet: true });
}

/** enable turns two-factor sign-in on with the first code of the app; it answers the recovery codes. */
export function enable(code: string): Promise<Answer<RecoveryCodes>> {
  return api.send<RecoveryCodes>(`${base}/enable`, { method: 'POST', body: { code }, quiet: true });
}

/** disable turns it off with the password and a code (the app's or a recovery code). */
export function disable(body: { password: string; code: string }): Promise<Answer<null>> {
  return api.send<null>(`${base}/disable`, { method: 'POST', body, quiet: true });
}

/** renewRecovery replaces the recovery codes after a code; the old ones stop working. */
export function renewRecovery(code: string): Promise<Answer<RecoveryCodes>> {
  return api.send<RecoveryCodes>(`${base}/recovery`, { method: 'POST', body: { code }, quiet: true });
}

/** useStatusChange is a mutation after which the status is read again. */
function useStatusChange<A, R>(fn: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}

export const useSetUp = () => useMutation({ mutationFn: setUp });
export const useEnable = () => useStatusChange(enable);
export const useDisable = () => useStatusChange(disable);
export const useRenewRecovery = () => useStatusChange(renewRecovery);
