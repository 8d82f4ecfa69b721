// Two-factor sign-in (docs/accounts.md "Two-factor sign-in"), the pieces several features
// need: whether the logged-in user has it on (the account page shows it, the withdrawal and
// address-book forms then ask for a code) and the shape of a code a person types.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** TwoFactorStatus is GET /pc/v1/customer/2fa/status. */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** twoFactorStatusKey sits under ['account'], so a login or logout drops it with the user. */
export const twoFactorStatusKey = ['account', 'two-factor'] as const;

/** getTwoFactorStatus reads whether the logged-in user signs in with a second factor. */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>('/pc/v1/customer/2fa/status', undefined, { signal });
}

/** twoFactorStatusQuery: fresh whenever a page that shows or needs it opens. */
export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: twoFactorStatusKey,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
    staleTime: 0,
  });

/** useTwoFactorStatus gives the logged-in user's second factor (enabled false: ask no code). */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({ ...twoFactorStatusQuery(), enabled });
}

/** TOTP_DIGITS is the length of an authenticator app's code. */
export const TOTP_DIGITS = 6;

/** RECOVERY_INPUT_MAX is the longest recovery code input: "abcde-fghjk" with a space to spare. */
export const RECOVERY_INPUT_MAX = 12;

/** RECOVERY_ALPHABET is the letters of a recovery code (no 0/o, 1/l/i: they are read off paper). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** totpInput keeps the digits of a typed authenticator code, cut to 6 ("123 456" as apps show it). */
export function totpInput(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, TOTP_DIGITS);
}

/** recoveryInput keeps a typed recovery code in lower case, without spaces. */
export function recoveryInput(value: string | null | undefined): string {
  return (value ?? '').toLowerCase().replace(/\s/g, '').slice(0, RECOVERY_INPUT_MAX);
}

/** isTotpCode: six digits (spaces allowed). */
export function isTotpCode(value: string | null | undefined): boolean {
  return /^\d{6}$/.test((value ?? '').replace(/\s/g, ''));
}

/** isRecoveryCode: ten letters of the recovery alphabet, with or without the dash, any case. */
export function isRecoveryCode(value: string | null | undefined): boolean {
  const s = (value ?? '').toLowerCase().replace(/[\s-]/g, '');
  return s.length === 10 && [...s].every((c) => RECOVERY_ALPHABET.includes(c));
}

/** isSecondFactorCode: what a field taking either kind of code may send. */
export function isSecondFactorCode(value: string | null | undefined): boolean {
  return isTotpCode(value) || isRecoveryCode(value);
}

/** secondFactorCode is a typed code as the server takes it: trimmed, inner spaces out. */
export function secondFactorCode(value: string | null | undefined): string {
  return (value ?? '').replace(/\s/g, '');
}
