import { describe, expect, it } from 'vitest';
import { expectEach } from '@/testing/cases';
import { isRecoveryCode, isSecondFactorCode, isTotpCode, recoveryInput, secondFactorCode, totpInput, twoFactorStatusKey } from './two-factor';

describe('two-factor codes', () => {
  it('an app code is six digits, spaces allowed as apps show them', () => {
    expectEach(isTotpCode, [
      ['123456', true],
      ['123 456', true],
      ['12345', false],
      ['12345a', false],
    ]);
    expect(totpInput(' 12a3 45678')).toBe('123456');
  });

  it('a recovery code is ten letters of its alphabet, with or without the dash, any case', () => {
    expectEach(isRecoveryCode, [
      ['abcde-fghjk', true],
      ['ABCDEFGHJK', true],
      ['abcde fghjk', true],
      // 0, o, 1, l and i are not in it: they are misread on paper.
      ['abcde-fghj1', false],
      ['abcde-fghjo', false],
      ['abcde-fghj', false],
    ]);
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
