import { useMutation } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { Channel, VisitorScene } from '../model/types';

/** SendCodeRequest names where a visitor's code goes, for which scene, with a slider ticket. */
export interface SendCodeRequest {
  channel: Channel;
  target: string;
  scene: VisitorScene;
  ticket: string;
}

/**
 * sendCode sends a login or register code by SMS or email
 * (GET /pc/v1/common/customer/{phone|email}/send). The caller shows errors
 * beside the form, so the call is quiet.
 */
export function sendCode({ channel, target, scene, ticket }: SendCodeRequest): Promise<Answer<null>> {
  return api.send<null>(`/pc/v1/common/customer/${channel}/send`, {
    query: { [channel]: target, scenes: scene, ticket },
    quiet: true,
  });
}

/** useSendCode sends visitors' codes. */
export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
