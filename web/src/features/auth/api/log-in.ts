import { useMutation } from '@tanstack/react-query';
import { ApiError, api, type Answer } from '@/lib/api-client';
import { setSession } from '@/lib/storage';
import { isLoginChallenge, type Channel, type LoginAnswer, type LoginMethod, type LoginResponse } from '../model/types';

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
 * logIn logs in and keeps the token and user (SPEC.md section 4). An account with
 * two-factor sign-in on answers a challenge instead: nothing is kept until the second
 * step (logInSecondFactor). Errors are shown beside the form by the caller, so the call
 * is quiet.
 */
export async function logIn(req: LoginRequest): Promise<Answer<LoginAnswer>> {
  const answer = await api.send<LoginAnswer>(loginPath(req.channel, req.method), {
    method: 'POST',
    body: loginBody(req),
    quiet: true,
  });
  if (!isLoginChallenge(answer.data)) setSession(answer.data.token, answer.data.user);
  return answer;
}

/** SECOND_FACTOR_PATH is the login's second step. */
export const SECOND_FACTOR_PATH = '/pc/v1/common/customer/login/2fa';

/** SecondFactorRequest is the login's second step: the challenge and the code typed. */
export interface SecondFactorRequest {
  challenge: string;
  code: string;
}

/**
 * logInSecondFactor finishes a login whose first step answered a challenge, with a code from
 * the authenticator app or a recovery code; its answer is a normal login's.
 */
export async function logInSecondFactor(req: SecondFactorRequest): Promise<Answer<LoginResponse>> {
  const answer = await api.send<LoginResponse>(SECOND_FACTOR_PATH, { method: 'POST', body: req, quiet: true });
  setSession(answer.data.token, answer.data.user);
  return answer;
}

/** CHALLENGE_TTL_MS is how long the server keeps a login's challenge (twofactor.ChallengeTTL). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** CHALLENGE_TRIES is how many codes one challenge takes (twofactor.ChallengeTries). */
export const CHALLENGE_TRIES = 5;

/** ChallengeUse is what the client knows of its challenge when a code is refused. */
export interface ChallengeUse {
  /** ageMs is how long ago the first step answered it. */
  ageMs: number;
  /** refusedBefore counts the codes it refused before this one. */
  refusedBefore: number;
}

/**
 * isChallengeGone tells the refusal that ends a login's second step (the server's
 * twofactor.challengeGone: expired, used or out of tries): the login starts over. The
 * answer may say so in its data; else the client knows it by the server's rules, which
 * check the challenge before the code: one past its 5 minutes or its 5 tries is gone.
 */
export function isChallengeGone(err: unknown, use: ChallengeUse): boolean {
  if (!(err instanceof ApiError) || err.kind !== 'code') return false;
  const data = err.data as { challengeGone?: unknown } | null;
  if (data && data.challengeGone === true) return true;
  return use.ageMs >= CHALLENGE_TTL_MS || use.refusedBefore >= CHALLENGE_TRIES;
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

/** useLogInSecondFactor runs the login's second step; a pass drops the previous visitor's answers. */
export function useLogInSecondFactor() {
  return useMutation({
    mutationFn: logInSecondFactor,
    onSuccess: (_answer, _req, _ctx, { client }) => {
      client.removeQueries({ queryKey: ['account'] });
    },
  });
}
