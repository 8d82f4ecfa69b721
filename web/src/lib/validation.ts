// Account form rules of SPEC.md section 5, the same as the server's
// (internal/account/rules.go): each check gives null when the value is fine,
// else the locale key of the message to show beside the field.

/** LIMITS are the lengths of SPEC.md sections 5 and 9. */
export const LIMITS = {
  nicknameMax: 20,
  passwordMin: 8,
  passwordMax: 20,
  /** passwordInputMax is the input length of the email register form's password fields. */
  passwordInputMax: 50,
  emailMax: 50,
  loginInputMax: 50,
  phoneDigits: 11,
  codeLength: 6,
} as const;

/** PHONE_PREFIX is the country prefix shown before a phone number. */
export const PHONE_PREFIX = '+86';

/** PHONE_PATTERN is a mainland mobile number: 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/;
/** EMAIL_PATTERN is the email pattern, with a 2-4 letter top-level domain. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;
/** NICKNAME_PATTERN allows Chinese characters, ASCII letters, digits and underscore. */
export const NICKNAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9_]+$/u;
/** CODE_PATTERN is a verification code: 6 digits. */
export const CODE_PATTERN = /^\d{6}$/;

/** RuleResult is null for a good value, else a locale key. */
export type RuleResult = string | null;

const length = (s: string) => [...s].length;

/** trimPassword trims a password as every password input does. */
export function trimPassword(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** phoneInput keeps only the digits of what was typed, cut to 11. */
export function phoneInput(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, LIMITS.phoneDigits);
}

/** codeInput keeps only the digits of a typed code, cut to 6. */
export function codeInput(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, LIMITS.codeLength);
}

/** checkNickname: required, Chinese characters, letters, digits and underscore, at most 20. */
export function checkNickname(value: string | null | undefined): RuleResult {
  const s = (value ?? '').trim();
  if (!s) return 'validation.nicknameRequired';
  if (length(s) > LIMITS.nicknameMax) return 'validation.nicknameTooLong';
  if (!NICKNAME_PATTERN.test(s)) return 'validation.nicknameFormat';
  return null;
}

/** checkPasswordPresent: a password to log in or confirm with is only required. */
export function checkPasswordPresent(value: string | null | undefined): RuleResult {
  return trimPassword(value) ? null : 'validation.passwordRequired';
}

/** checkNewPassword: a new password is 8-20 characters after trimming. */
export function checkNewPassword(value: string | null | undefined): RuleResult {
  const s = trimPassword(value);
  if (!s) return 'validation.passwordRequired';
  const n = length(s);
  if (n < LIMITS.passwordMin || n > LIMITS.passwordMax) return 'validation.passwordLength';
  return null;
}

/** checkRepeatPassword: the repeat is required and equal to the password (both trimmed). */
export function checkRepeatPassword(password: string | null | undefined, repeat: string | null | undefined): RuleResult {
  const r = trimPassword(repeat);
  if (!r) return 'validation.repeatRequired';
  if (r !== trimPassword(password)) return 'validation.passwordMismatch';
  return null;
}

/** checkPhone: required, 11 digits starting with 1. */
export function checkPhone(value: string | null | undefined): RuleResult {
  const s = (value ?? '').trim();
  if (!s) return 'validation.phoneRequired';
  if (!PHONE_PATTERN.test(s)) return 'validation.phoneFormat';
  return null;
}

/** checkEmail: required, at most 50, the email pattern. */
export function checkEmail(value: string | null | undefined): RuleResult {
  const s = (value ?? '').trim();
  if (!s) return 'validation.emailRequired';
  if (s.length > LIMITS.emailMax || !EMAIL_PATTERN.test(s)) return 'validation.emailFormat';
  return null;
}

/** checkCode: required, 6 digits. */
export function checkCode(value: string | null | undefined): RuleResult {
  const s = (value ?? '').trim();
  if (!s) return 'validation.codeRequired';
  if (!CODE_PATTERN.test(s)) return 'validation.codeFormat';
  return null;
}

/** ContactMode is what the login input holds. */
export type ContactMode = 'phone' | 'email' | 'unknown';

/**
 * contactMode reads the login input (SPEC.md section 2): any non-digit means
 * an email, three or more digits (and nothing else) a phone; anything shorter
 * is not decided yet.
 */
export function contactMode(value: string | null | undefined): ContactMode {
  const s = (value ?? '').trim();
  if (/\D/.test(s)) return 'email';
  if (s.length >= 3) return 'phone';
  return 'unknown';
}

/** checkLoginAccount: the login input is a phone or an email, by its mode. */
export function checkLoginAccount(value: string | null | undefined): RuleResult {
  const s = (value ?? '').trim();
  if (!s) return 'validation.accountRequired';
  switch (contactMode(s)) {
    case 'phone':
      return checkPhone(s);
    case 'email':
      return checkEmail(s);
    default:
      return 'validation.accountHint';
  }
}

/**
 * fieldRule adapts a check to a form rule (antd and antd-mobile share
 * rc-field-form): the message is translated with t.
 */
export function fieldRule(t: (key: string) => string, check: (value: string) => RuleResult) {
  return {
    validator: (_: unknown, value: unknown) => {
      const key = check(typeof value === 'string' ? value : value == null ? '' : String(value));
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  };
}
