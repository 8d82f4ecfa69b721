import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { Channel } from '../model/types';
import { baseInfoKey } from './get-base-info';

/**
 * BindProof proves the holder asks for a bind, not only a session: the login password, or
 * currentCode, a bind code sent to the contact the account has (docs/accounts.md "Binding
 * and changing a contact"). One of them.
 */
export interface BindProof {
  password?: string;
  currentCode?: string;
}

/** BindContact binds a phone or email to an account that has none, with its bind code and the proof. */
export interface BindContact extends BindProof {
  channel: Channel;
  target: string;
  code: string;
}

/** bindContact calls POST /pc/v1/customer/{phone|email}/bind; the form shows errors. */
export function bindContact({ channel, target, code, password, currentCode }: BindContact): Promise<Answer<null>> {
  const proof = password ? { password } : { currentCode: currentCode ?? '' };
  return api.send<null>(`/pc/v1/customer/${channel}/bind`, { method: 'POST', body: { [channel]: target, code, ...proof }, quiet: true });
}

/** useBindContact binds and reloads the user. */
export function useBindContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindContact,
    onSuccess: () => client.invalidateQueries({ queryKey: baseInfoKey }),
  });
}
