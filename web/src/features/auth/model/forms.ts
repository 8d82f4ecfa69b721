// What the login and register forms hold, and how a filled form becomes a call.
import { contactMode, trimPassword } from '@/lib/validation';
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
