import { useMutation } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import { setSession } from '@/lib/storage';
import type { Channel, LoginMethod, LoginResponse } from '../model/types';

/** LoginRequest is one login: by phone or email, with a password (and slider ticket) or a code. */
export type LoginRequest =
  | { channel: Channel; method: 'pwd'; target: string; password: string; ticket: string }
  | { channel: Channel; method: 'code'; target: string; code: string };

/** loginPath gives the call of a channel and method. */
export function loginPath(channel: Channel, method: LoginMethod): string {
  return `/pc/v1/common/customer/login/${channel}/${method}`;
}

/** loginBody gives the request body of a login. */
export function loginBody(req: LoginRequest): Record<string, string> {
  return req.method === 'pwd'
    ? { [req.channel]: req.target, password: req.password, ticket: req.ticket }
    : { [req.channel]: req.target, code: req.code };
}

/**
 * logIn logs in and keeps the token and user (SPEC.md section 4). Errors are
 * shown beside the form by the caller, so the call is quiet.
 */
export async function logIn(req: LoginRequest): Promise<Answer<LoginResponse>> {
  const answer = await api.send<LoginResponse>(loginPath(req.channel, req.method), {
    method: 'POST',
    body: loginBody(req),
    quiet: true,
  });
  setSession(answer.data.token, answer.data.user);
  return answer;
}

/** useLogIn logs in; every cached answer of the previous visitor is dropped. */
export function useLogIn() {
  return useMutation({
    mutationFn: logIn,
    onSuccess: (_answer, _req, _ctx, { client }) => {
      client.removeQueries({ queryKey: ['account'] });
    },
  });
}
