import { describe, expect, it } from 'vitest';
import { isRecoveryCode, isSecondFactorCode, isTotpCode, recoveryInput, secondFactorCode, totpInput, twoFactorStatusKey } from './two-factor';

describe('two-factor codes', () => {
  it('an app code is six digits, spaces allowed as apps show them', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
    expect(totpInput(' 12a3 45678')).toBe('123456');
  });

  it('a recovery code is ten letters of its alphabet, with or without the dash, any case', () => {
    expect(isRecoveryCode('abcde-fghjk')).toBe(true);
    expect(isRecoveryCode('ABCDEFGHJK')).toBe(true);
    expect(isRecoveryCode('abcde fghjk')).toBe(true);
    // 0, o, 1, l and i are not in it: they are misread on paper.
    expect(isRecoveryCode('abcde-fghj1')).toBe(false);
    expect(isRecoveryCode('abcde-fghjo')).toBe(false);
    expect(isRecoveryCode('abcde-fghj')).toBe(false);
    expect(recoveryInput(' ABCDE-FGHJK  ')).toBe('abcde-fghjk');
  });

  it('a field taking either sends it without inner spaces', () => {
    expect(isSecondFactorCode('654 321')).toBe(true);
    expect(isSecondFactorCode('abcde-fghjk')).toBe(true);
    expect(isSecondFactorCode('')).toBe(false);
    expect(secondFactorCode(' 654 321 ')).toBe('654321');
  });

  it('the status is cached with the account, so a login or logout drops it', () => {
    expect(twoFactorStatusKey[0]).toBe('account');
  });
});
