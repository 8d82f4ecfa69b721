import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { Channel } from '../model/types';
import { baseInfoKey } from './get-base-info';

/** BindContact binds a phone or email to an account that has none, with its bind code. */
export interface BindContact {
  channel: Channel;
  target: string;
  code: string;
}

/** bindContact calls POST /pc/v1/customer/{phone|email}/bind; the form shows errors. */
export function bindContact({ channel, target, code }: BindContact): Promise<Answer<null>> {
  return api.send<null>(`/pc/v1/customer/${channel}/bind`, { method: 'POST', body: { [channel]: target, code }, quiet: true });
}

/** useBindContact binds and reloads the user. */
export function useBindContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindContact,
    onSuccess: () => client.invalidateQueries({ queryKey: baseInfoKey }),
  });
}
