// The alert settings' rules, as the server has them (internal/alert: settingsInput.check),
// so the form says what is wrong beside the field before it sends anything.
import type { AlertSettings, AlertSettingsInput } from './types';

/** LIMITS are the server's bounds. */
export const LIMITS = {
  percentMin: 10,
  percentMax: 95,
  /** recoverMargin is how many points above the alert line a hashrate must come back to. */
  recoverMargin: 10,
  hourMin: 0,
  hourMax: 23,
} as const;

/** AlertForm is the form's values; a number field may be empty (null) while typing. */
export interface AlertForm {
  offlineEnabled: boolean;
  hashrateEnabled: boolean;
  hashratePercent: number | null;
  byEmail: boolean;
  bySms: boolean;
  digest: boolean;
  digestHour: number | null;
}

/** Contacts say which of the account's contacts are bound. */
export interface Contacts {
  email: boolean;
  phone: boolean;
}

/** Problem is a rule's locale key (under rules.), or null. */
export type Problem = 'percentRange' | 'hourRange' | 'noChannel' | 'noEmail' | 'noPhone' | null;

/** FormProblems are the problems of each part of the form. */
export interface FormProblems {
  hashratePercent: Problem;
  digestHour: Problem;
  channels: Problem;
}

const whole = (n: number | null, lo: number, hi: number) => n !== null && Number.isInteger(n) && n >= lo && n <= hi;

/** formProblems checks the form as the server will. */
export function formProblems(f: AlertForm, contacts: Contacts): FormProblems {
  let channels: Problem = null;
  if ((f.offlineEnabled || f.hashrateEnabled) && !f.byEmail && !f.bySms) channels = 'noChannel';
  else if (f.byEmail && !contacts.email) channels = 'noEmail';
  else if (f.bySms && !contacts.phone) channels = 'noPhone';
  return {
    hashratePercent: whole(f.hashratePercent, LIMITS.percentMin, LIMITS.percentMax) ? null : 'percentRange',
    digestHour: whole(f.digestHour, LIMITS.hourMin, LIMITS.hourMax) ? null : 'hourRange',
    channels,
  };
}

/** valid says the form has no problem. */
export function valid(p: FormProblems): boolean {
  return !p.hashratePercent && !p.digestHour && !p.channels;
}

/**
 * formOf is the form of saved settings; settings never saved (updatedAt 0) start with the
 * bound email chosen, so turning a watch on is all a first save needs.
 */
export function formOf(s: AlertSettings): AlertForm {
  const fresh = s.updatedAt === 0;
  return {
    offlineEnabled: s.offlineEnabled,
    hashrateEnabled: s.hashrateEnabled,
    hashratePercent: s.hashratePercent,
    byEmail: fresh ? s.email !== '' : s.byEmail,
    bySms: s.bySms,
    digest: s.digest,
    digestHour: s.digestHour,
  };
}

/** inputOf is the body of a save (call it on a valid form). */
export function inputOf(code: string, f: AlertForm): AlertSettingsInput {
  return {
    code,
    offlineEnabled: f.offlineEnabled,
    hashrateEnabled: f.hashrateEnabled,
    hashratePercent: f.hashratePercent ?? 0,
    byEmail: f.byEmail,
    bySms: f.bySms,
    digest: f.digest,
    digestHour: f.digestHour ?? 0,
  };
}

/** recoverAt is where the all-clear comes for an alert line (at most 100%). */
export function recoverAt(percent: number | null): number {
  return Math.min((percent ?? LIMITS.percentMin) + LIMITS.recoverMargin, 100);
}

/** hourLabel writes an hour as 08:00. */
export function hourLabel(h: number): string {
  return `${String(h).padStart(2, '0')}:00`;
}

/** HOURS are the digest hours a form offers. */
export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, i) => i);
