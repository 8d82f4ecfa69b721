import { describe, expect, it } from 'vitest';
import { formValues, fullLink, noteProblem, pageOf, toBody } from './link';
import { KEEP_EXPIRY, type ObserverLink } from './types';

const link: ObserverLink = {
  id: 7, currencyList: ['BTC'], machineInfoEnabled: true, incomeInfoEnabled: false, note: 'host', link: '/observerMode/observerList?token=ob_x',
  token: 'ob_x', subAccounts: ['farm'], expiresAt: 0, expired: false, createTime: 1, lastUsedAt: 0, useCount: 0,
};

describe('observer link model', () => {
  it('makes the full address for the desktop and the phone, and none without a token', () => {
    expect(fullLink(link, 'http://10.0.0.5:8080', false)).toBe('http://10.0.0.5:8080/observerMode/observerList?token=ob_x');
    expect(fullLink(link, 'http://10.0.0.5:8080', true)).toBe('http://10.0.0.5:8080/mobile/observerMode/observerList?token=ob_x');
    expect(fullLink({ link: '' }, 'http://h', false)).toBe('');
  });

  it('checks the note: required, at most 10 characters (not bytes), no control characters', () => {
    expect(noteProblem('  ')).toBe('rules.note');
    expect(noteProblem('十个字以内的备注')).toBeNull();
    expect(noteProblem('eleven char')).toBe('rules.noteLong');
    expect(noteProblem('a\u202eb')).toBe('rules.noteChars');
  });

  it('sends an edit by token, keeping the end unless a new expiry is chosen', () => {
    const values = formValues(link, 'LTC');
    expect(values.expiresIn).toBe(KEEP_EXPIRY);
    expect(toBody(values, link)).toEqual({ token: 'ob_x', currencyList: ['BTC'], subAccounts: ['farm'], machineInfoEnabled: true, incomeInfoEnabled: false, note: 'host' });
    expect(toBody({ ...values, expiresIn: 7 }, { ...link, token: '' })).toMatchObject({ id: 7, expiresIn: 7 });
    expect(toBody(formValues(null, 'LTC'), null)).toMatchObject({ currencyList: ['LTC'], machineInfoEnabled: true, expiresIn: 0 });
  });

  it('pages the list', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 3, 10)).toEqual([20, 21, 22]);
    expect(pageOf(rows, 1, 20)).toHaveLength(20);
  });
});
