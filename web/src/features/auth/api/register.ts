import { useMutation } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { Channel } from '../model/types';

/** Registration is SPEC.md section 3 "Registration payload", before its code field is named. */
export interface Registration {
  channel: Channel;
  target: string;
  code: string;
  nickName: string;
  password: string;
  agentInviteCode: string | null;
}

/** registrationBody gives the payload: phone and phoneCode, or email and emailCode. */
export function registrationBody(r: Registration): Record<string, string | null> {
  return {
    agentInviteCode: r.agentInviteCode,
    password: r.password,
    nickName: r.nickName,
    [r.channel]: r.target,
    [`${r.channel}Code`]: r.code,
  };
}

/** register creates an account (no session starts: the visitor logs in next). Errors are shown by the caller (quiet). */
export function register(r: Registration): Promise<Answer<null>> {
  return api.send<null>(`/pc/v1/common/customer/register/${r.channel}`, {
    method: 'POST',
    body: registrationBody(r),
    quiet: true,
  });
}

/** useRegister registers accounts. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
