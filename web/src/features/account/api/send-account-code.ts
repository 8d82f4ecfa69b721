import { useMutation } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { AccountScene, Channel } from '../model/types';

/** AccountCodeRequest names where a logged-in user's code goes, for which scene, with a slider ticket. */
export interface AccountCodeRequest {
  channel: Channel;
  target: string;
  scene: AccountScene;
  ticket: string;
}

/** codePath gives the code call of a channel: sms for phones, email for emails. */
export function codePath(channel: Channel, verb: 'send' | 'check'): string {
  return `/pc/v1/customer/${channel === 'phone' ? 'sms' : 'email'}/code/${verb}`;
}

/**
 * sendAccountCode sends a code for a logged-in scene
 * (GET /pc/v1/customer/{sms|email}/code/send); the form shows errors.
 */
export function sendAccountCode({ channel, target, scene, ticket }: AccountCodeRequest): Promise<Answer<null>> {
  return api.send<null>(codePath(channel, 'send'), { query: { [channel]: target, scenes: scene, ticket }, quiet: true });
}

/** useSendAccountCode sends logged-in users' codes. */
export function useSendAccountCode() {
  return useMutation({ mutationFn: sendAccountCode });
}
