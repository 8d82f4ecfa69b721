import { describe, expect, it } from 'vitest';
import { formOf, formProblems, hourLabel, inputOf, recoverAt, valid, type AlertForm } from './rules';
import type { AlertSettings } from './types';

const saved: AlertSettings = {
  code: 'farm',
  offlineEnabled: true,
  hashrateEnabled: false,
  hashratePercent: 70,
  byEmail: true,
  bySms: false,
  digest: false,
  digestHour: 8,
  timezone: 'Asia/Shanghai',
  email: 'ali***@example.com',
  phone: '',
  minOfflineMinutes: 10,
  updatedAt: 1,
};
const both = { email: true, phone: true };

describe('alert form rules (as internal/alert checks them)', () => {
  it('takes the saved settings and sends every field', () => {
    const f = formOf(saved);
    expect(valid(formProblems(f, both))).toBe(true);
    // Only the settings themselves, none of what the pool adds to its answer.
    const { timezone: _z, email: _e, phone: _p, minOfflineMinutes: _m, updatedAt: _u, ...input } = saved;
    expect(inputOf('farm', f)).toEqual(input);
  });

  it('starts never-saved settings with the bound email chosen', () => {
    expect(formOf({ ...saved, updatedAt: 0, byEmail: false }).byEmail).toBe(true);
    expect(formOf({ ...saved, updatedAt: 0, byEmail: false, email: '' }).byEmail).toBe(false);
  });

  it.each([
    [{ hashratePercent: 9 }, 'hashratePercent', 'percentRange'],
    [{ hashratePercent: 96 }, 'hashratePercent', 'percentRange'],
    [{ hashratePercent: 70.5 }, 'hashratePercent', 'percentRange'],
    [{ hashratePercent: null }, 'hashratePercent', 'percentRange'],
    [{ digestHour: 24 }, 'digestHour', 'hourRange'],
    [{ digestHour: -1 }, 'digestHour', 'hourRange'],
    [{ byEmail: false }, 'channels', 'noChannel'],
    [{ bySms: true, byEmail: false }, 'channels', 'noPhone'],
  ] as [Partial<AlertForm>, 'hashratePercent' | 'digestHour' | 'channels', string][])('refuses %j (%s)', (patch, field, problem) => {
    const p = formProblems({ ...formOf(saved), ...patch }, { email: true, phone: false });
    expect(p[field]).toBe(problem);
    expect(valid(p)).toBe(false);
  });

  it('needs no channel when nothing is watched, but a bound contact for a chosen one', () => {
    const off = { ...formOf(saved), offlineEnabled: false, byEmail: false };
    expect(formProblems(off, both).channels).toBeNull();
    expect(formProblems({ ...formOf(saved), byEmail: true }, { email: false, phone: true }).channels).toBe('noEmail');
  });

  it('recovers ten points above the line, at most 100%', () => {
    expect(recoverAt(70)).toBe(80);
    expect(recoverAt(95)).toBe(100);
    expect(hourLabel(8)).toBe('08:00');
  });
});
