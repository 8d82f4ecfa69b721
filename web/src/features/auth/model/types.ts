import type { UserInfo } from '@/lib/storage';

/** Channel is how a code reaches the user, named as in the call paths. */
export type Channel = 'phone' | 'email';

/** LoginMethod is the login tab: password or verification code. */
export type LoginMethod = 'pwd' | 'code';

/** VisitorScene is a code scene a visitor may ask for (no session). */
export type VisitorScene = 'login' | 'register';

/** Captcha is a slider challenge: its id and the track width in server units. */
export interface Captcha {
  id: string;
  width: number;
}

/** LoginResponse is SPEC.md section 3 "Login response". */
export interface LoginResponse {
  token: string;
  user: UserInfo;
}
