import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AccountScene, Channel } from '../model/types';
import { codePath } from './send-account-code';

/** AccountCodeCheck is a code to check without using it up. */
export interface AccountCodeCheck {
  channel: Channel;
  target: string;
  code: string;
  scene: AccountScene;
}

/**
 * checkAccountCode checks a code without spending it (step 1 of the two-step
 * dialogs; GET /pc/v1/customer/{sms|email}/code/check). The form shows errors.
 */
export function checkAccountCode({ channel, target, code, scene }: AccountCodeCheck): Promise<null> {
  return api.get<null>(codePath(channel, 'check'), { [channel]: target, code, scenes: scene }, { quiet: true });
}

/** useCheckAccountCode checks codes. */
export function useCheckAccountCode() {
  return useMutation({ mutationFn: checkAccountCode });
}
