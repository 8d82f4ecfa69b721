import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { Channel } from '../model/types';
import { baseInfoKey } from './get-base-info';

/** ChangeContact replaces the bound phone or email: code proves the current one, newCode the new one. */
export interface ChangeContact {
  channel: Channel;
  code: string;
  target: string;
  newCode: string;
}

/** changeContactBody gives {code, newPhone, newCode} or {code, newEmail, newCode}. */
export function changeContactBody({ channel, code, target, newCode }: ChangeContact): Record<string, string> {
  return { code, [channel === 'phone' ? 'newPhone' : 'newEmail']: target, newCode };
}

/** changeContact calls POST /pc/v1/customer/{phone|email}/change; the form shows errors. */
export function changeContact(change: ChangeContact): Promise<Answer<null>> {
  return api.send<null>(`/pc/v1/customer/${change.channel}/change`, { method: 'POST', body: changeContactBody(change), quiet: true });
}

/** useChangeContact changes and reloads the user. */
export function useChangeContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeContact,
    onSuccess: () => client.invalidateQueries({ queryKey: baseInfoKey }),
  });
}
