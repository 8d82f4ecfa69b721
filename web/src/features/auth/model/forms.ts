// What the login and register forms hold, and how a filled form becomes a call.
import { contactMode, LIMITS, phoneInput, trimPassword } from '@/lib/validation';
import type { LoginRequest } from '../api/log-in';
import type { Registration } from '../api/register';
import type { Channel, LoginMethod } from './types';

/** LoginValues are the login form's fields (both tabs). */
export interface LoginValues {
  account?: string;
  password?: string;
  code?: string;
  agree?: boolean;
}

/** RegisterValues are the register form's fields (both tabs). */
export interface RegisterValues {
  nickName?: string;
  phone?: string;
  email?: string;
  code?: string;
  password?: string;
  repeat?: string;
  agree?: boolean;
}

const filled = (v: string | undefined) => (v ?? '').trim() !== '';

/** loginChannel gives the channel the login input names, or null while it is undecided. */
export function loginChannel(account: string | undefined): Channel | null {
  const mode = contactMode(account);
  return mode === 'unknown' ? null : mode;
}

/**
 * canSubmitLogin: the button is on only when the tab's fields are filled (SPEC.md section
 * 4). The terms are not a condition of the button: pressing it with them unticked shows the
 * agree-terms warning (SPEC.md sections 5 and 8) and sends nothing.
 */
export function canSubmitLogin(values: LoginValues, method: LoginMethod): boolean {
  const secret = method === 'pwd' ? trimPassword(values.password) : (values.code ?? '').trim();
  return filled(values.account) && secret !== '';
}

/** toLoginRequest builds the call of a checked login form. */
export function toLoginRequest(values: LoginValues, method: LoginMethod, ticket: string | null): LoginRequest {
  const account = (values.account ?? '').trim();
  const channel = loginChannel(account) ?? 'email';
  if (method === 'pwd') {
    return { channel, method, target: account, password: trimPassword(values.password), ticket: ticket ?? '' };
  }
  return { channel, method, target: account, code: (values.code ?? '').trim() };
}

/** canSubmitRegister: every field filled (SPEC.md section 4); the terms as for login. */
export function canSubmitRegister(values: RegisterValues, channel: Channel): boolean {
  return (
    filled(values.nickName) &&
    filled(channel === 'phone' ? values.phone : values.email) &&
    filled(values.code) &&
    filled(values.password) &&
    filled(values.repeat)
  );
}

/** toRegistration builds the registration of a checked form, with the invite code kept by an invite link. */
export function toRegistration(values: RegisterValues, channel: Channel, agentInviteCode: string | null): Registration {
  return {
    channel,
    target: ((channel === 'phone' ? values.phone : values.email) ?? '').trim(),
    code: (values.code ?? '').trim(),
    nickName: (values.nickName ?? '').trim(),
    password: trimPassword(values.password),
    agentInviteCode,
  };
}

/**
 * AuthCarry is what one auth page hands the other through its link ("Already have an
 * account? Log in", "No account yet? Sign up"): the phone or email typed so far and
 * whether the terms box is ticked, so the visitor types neither again and is asked the
 * terms once (docs/accounts.md "Sign-up").
 */
export interface AuthCarry {
  account?: string;
  agree?: boolean;
}

/** readAuthCarry takes a carry from a link's history state; anything else carries nothing. */
export function readAuthCarry(state: unknown): AuthCarry {
  if (!state || typeof state !== 'object') return {};
  const { account, agree } = state as Record<string, unknown>;
  const out: AuthCarry = {};
  if (typeof account === 'string' && account.trim() !== '' && account.length <= LIMITS.loginInputMax) out.account = account.trim();
  if (agree === true) out.agree = true;
  return out;
}

/** carryFromRegister is what the register form hands the login page: its contact field, by tab. */
export function carryFromRegister(values: RegisterValues, channel: Channel): AuthCarry {
  return readAuthCarry({ account: channel === 'phone' ? values.phone : values.email, agree: values.agree });
}

/** carryFromLogin is what the login form hands the register page. */
export function carryFromLogin(values: LoginValues): AuthCarry {
  return readAuthCarry({ account: values.account, agree: values.agree });
}

/** loginStart is the login form's first values from a carry: the terms unticked unless carried. */
export function loginStart(carry: AuthCarry): LoginValues {
  return carry.account ? { account: carry.account, agree: carry.agree ?? false } : { agree: carry.agree ?? false };
}

/**
 * registerStart is the register form's first tab and values from a carry: an email opens
 * the email tab with it, digits the phone tab with them.
 */
export function registerStart(carry: AuthCarry): { channel: Channel; values: RegisterValues } {
  const agree = carry.agree ?? false;
  if (!carry.account) return { channel: 'phone', values: { agree } };
  if (contactMode(carry.account) === 'email') return { channel: 'email', values: { email: carry.account, agree } };
  return { channel: 'phone', values: { phone: phoneInput(carry.account), agree } };
}
