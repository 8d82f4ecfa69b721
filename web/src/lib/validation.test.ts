import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  checkCode,
  checkEmail,
  checkLoginAccount,
  checkNewPassword,
  checkNickname,
  checkPasswordPresent,
  checkPhone,
  checkRepeatPassword,
  codeInput,
  contactMode,
  fieldRule,
  phoneInput,
  trimPassword,
} from './validation';

describe('nickname (SPEC 5: Chinese, letters, digits, underscore; required; max 20)', () => {
  it.each([
    ['', 'validation.nicknameRequired'],
    ['   ', 'validation.nicknameRequired'],
    ['miner_01', null],
    ['矿工小王', null],
    ['礦工_A9', null],
    ['a'.repeat(20), null],
    ['矿'.repeat(20), null],
    ['a'.repeat(21), 'validation.nicknameTooLong'],
    ['矿'.repeat(21), 'validation.nicknameTooLong'],
    ['bad name', 'validation.nicknameFormat'],
    ['miner-1', 'validation.nicknameFormat'],
    ['mïner', 'validation.nicknameFormat'],
    ['광부', 'validation.nicknameFormat'],
    ['emoji😀', 'validation.nicknameFormat'],
  ])('%j -> %s', (value, want) => {
    expect(checkNickname(value)).toBe(want);
  });
  it('trims before checking', () => {
    expect(checkNickname('  miner  ')).toBeNull();
  });
});

describe('passwords (SPEC 5: trimmed, 8-20 for new ones, repeat must match)', () => {
  it('trims', () => {
    expect(trimPassword('  abc  ')).toBe('abc');
    expect(trimPassword(undefined)).toBe('');
  });
  it.each([
    ['', 'validation.passwordRequired'],
    ['        ', 'validation.passwordRequired'],
    ['1234567', 'validation.passwordLength'],
    ['  1234567  ', 'validation.passwordLength'],
    ['12345678', null],
    ['a'.repeat(20), null],
    ['a'.repeat(21), 'validation.passwordLength'],
  ])('new password %j -> %s', (value, want) => {
    expect(checkNewPassword(value)).toBe(want);
  });
  it('a password to log in with is only required', () => {
    expect(checkPasswordPresent('')).toBe('validation.passwordRequired');
    expect(checkPasswordPresent(' x ')).toBeNull();
  });
  it('repeat is required and must match, trimmed', () => {
    expect(checkRepeatPassword('Passw0rd!', '')).toBe('validation.repeatRequired');
    expect(checkRepeatPassword('Passw0rd!', 'Passw0rd?')).toBe('validation.passwordMismatch');
    expect(checkRepeatPassword('Passw0rd!', ' Passw0rd! ')).toBeNull();
  });
});

describe('phone (SPEC 5: 11 digits starting with 1; input keeps digits, cut to 11)', () => {
  it.each([
    ['', 'validation.phoneRequired'],
    ['13800138000', null],
    ['19912345678', null],
    ['23800138000', 'validation.phoneFormat'],
    ['1380013800', 'validation.phoneFormat'],
    ['138001380001', 'validation.phoneFormat'],
    ['1380013800a', 'validation.phoneFormat'],
  ])('%j -> %s', (value, want) => {
    expect(checkPhone(value)).toBe(want);
  });
  it('the input keeps only digits, at most 11', () => {
    expect(phoneInput('abc138-0013 8000xx99')).toBe('13800138000');
    expect(phoneInput('+86 138')).toBe('86138');
    expect(phoneInput(undefined)).toBe('');
    expect(phoneInput('1'.repeat(20))).toHaveLength(LIMITS.phoneDigits);
  });
});

describe('email (SPEC 5: standard pattern, 2-4 letter top-level domain; max 50)', () => {
  it.each([
    ['', 'validation.emailRequired'],
    ['a@example.com', null],
    ['first.last+tag@mail.example.co', null],
    ['x_y%z@sub-domain.example.info', null],
    ['a@example.c', 'validation.emailFormat'],
    ['a@example.museum', 'validation.emailFormat'],
    ['a@example.c0m', 'validation.emailFormat'],
    ['a@@example.com', 'validation.emailFormat'],
    ['a example@example.com', 'validation.emailFormat'],
    ['noat.example.com', 'validation.emailFormat'],
    [`${'a'.repeat(38)}@example.com`, null],
    [`${'a'.repeat(39)}@example.com`, 'validation.emailFormat'],
  ])('%j -> %s', (value, want) => {
    expect(checkEmail(value)).toBe(want);
  });
});

describe('verification code (SPEC 5: required, max 6; SPEC 9: 6 digits)', () => {
  it.each([
    ['', 'validation.codeRequired'],
    ['12345', 'validation.codeFormat'],
    ['123456', null],
    [' 123456 ', null],
    ['12345a', 'validation.codeFormat'],
  ])('%j -> %s', (value, want) => {
    expect(checkCode(value)).toBe(want);
  });
  it('the input keeps digits, cut to 6', () => {
    expect(codeInput('12 34-56 78')).toBe('123456');
  });
});

describe('login input: phone or email (SPEC 2)', () => {
  it.each([
    ['', 'unknown'],
    ['1', 'unknown'],
    ['13', 'unknown'],
    ['138', 'phone'],
    ['13800138000', 'phone'],
    ['  13800138000  ', 'phone'],
    ['a', 'email'],
    ['138a', 'email'],
    ['+86138', 'email'],
    ['user@example.com', 'email'],
  ])('%j is %s', (value, want) => {
    expect(contactMode(value)).toBe(want);
  });
  it.each([
    ['', 'validation.accountRequired'],
    ['13', 'validation.accountHint'],
    ['138001', 'validation.phoneFormat'],
    ['13800138000', null],
    ['user@', 'validation.emailFormat'],
    ['user@example.com', null],
  ])('checkLoginAccount(%j) -> %s', (value, want) => {
    expect(checkLoginAccount(value)).toBe(want);
  });
});

describe('fieldRule', () => {
  it('rejects with the translated message, resolves for good values', async () => {
    const rule = fieldRule((key) => `t:${key}`, checkPhone);
    await expect(rule.validator(null, '123')).rejects.toThrow('t:validation.phoneFormat');
    await expect(rule.validator(null, undefined)).rejects.toThrow('t:validation.phoneRequired');
    await expect(rule.validator(null, '13800138000')).resolves.toBeUndefined();
  });
});
