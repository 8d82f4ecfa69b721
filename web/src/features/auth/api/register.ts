import { useMutation } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import { setSession } from '@/lib/storage';
import type { Channel, LoginResponse } from '../model/types';

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

/**
 * register creates an account and keeps the session it answers, as a login does
 * (docs/accounts.md "Sign-up"): the new account is logged in at once, with no login form
 * and no second slider. Errors are shown by the caller (quiet).
 */
export async function register(r: Registration): Promise<Answer<LoginResponse>> {
  const answer = await api.send<LoginResponse>(`/pc/v1/common/customer/register/${r.channel}`, {
    method: 'POST',
    body: registrationBody(r),
    quiet: true,
  });
  setSession(answer.data.token, answer.data.user);
  return answer;
}

/** useRegister registers accounts; every cached answer of the previous visitor is dropped, as at login. */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (_answer, _req, _ctx, { client }) => {
      client.removeQueries({ queryKey: ['account'] });
    },
  });
}
