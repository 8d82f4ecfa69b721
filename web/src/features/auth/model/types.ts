import type { UserInfo } from '@/lib/storage';
import type { Pow } from './pow';

/** Channel is how a code reaches the user, named as in the call paths. */
export type Channel = 'phone' | 'email';

/** LoginMethod is the login tab: password or verification code. */
export type LoginMethod = 'pwd' | 'code';

/** VisitorScene is a code scene a visitor may ask for (no session). */
export type VisitorScene = 'login' | 'register';

/** Captcha is a slider challenge: its id, the track width in server units and its proof of work. */
export interface Captcha {
  id: string;
  width: number;
  pow: Pow;
}

/** LoginResponse is SPEC.md section 3 "Login response". */
export interface LoginResponse {
  token: string;
  user: UserInfo;
}

/**
 * LoginChallenge is a login's first answer for an account with two-factor sign-in on: no
 * token yet, the challenge to send back with the code (docs/accounts.md "Two-factor sign-in").
 */
export interface LoginChallenge {
  twoFactor: true;
  challenge: string;
}

/** LoginAnswer is what a password or code login answers. */
export type LoginAnswer = LoginResponse | LoginChallenge;

/** isLoginChallenge tells a login that waits for its second factor from a finished one. */
export function isLoginChallenge(data: LoginAnswer | null | undefined): data is LoginChallenge {
  return !!data && (data as LoginChallenge).twoFactor === true && typeof (data as LoginChallenge).challenge === 'string';
}
