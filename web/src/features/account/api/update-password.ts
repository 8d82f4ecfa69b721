import { useMutation } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { Channel } from '../model/types';

/** PasswordUpdate is step 2 of the change-password dialog, proved by the old password or a code. */
export type PasswordUpdate =
  | { by: 'oldPassword'; password: string; newPassword: string }
  | { by: Channel; target: string; code: string; newPassword: string };

/** passwordUpdateCall gives the path and body of an update. */
export function passwordUpdateCall(u: PasswordUpdate): { path: string; body: Record<string, string> } {
  if (u.by === 'oldPassword') {
    return { path: '/pc/v1/customer/password/upd/oldPassword', body: { password: u.password, newPassword: u.newPassword } };
  }
  return {
    path: `/pc/v1/customer/password/upd/${u.by}Code`,
    body: { [u.by]: u.target, code: u.code, newPassword: u.newPassword },
  };
}

/**
 * updatePassword sets a new password (POST /pc/v1/customer/password/upd/
 * oldPassword, phoneCode or emailCode); the user's other sessions end. The
 * form shows errors.
 */
export function updatePassword(u: PasswordUpdate): Promise<Answer<null>> {
  const { path, body } = passwordUpdateCall(u);
  return api.send<null>(path, { method: 'POST', body, quiet: true });
}

/** useUpdatePassword changes passwords. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
