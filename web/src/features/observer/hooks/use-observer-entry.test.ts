import { describe, expect, it } from 'vitest';
import { ApiError, codes } from '@/lib/api-client';
import { entryState, isLinkGone, shareRows, showOwnLinks } from './use-observer-entry';

describe('isLinkGone', () => {
  it('is the server refusing the link (code 5) only', () => {
    expect(isLinkGone(new ApiError('code', 'gone', codes.observerGone))).toBe(true);
    expect(isLinkGone(new ApiError('code', 'busy', 1))).toBe(false);
    expect(isLinkGone(new ApiError('network', 'offline'))).toBe(false);
    expect(isLinkGone(new ApiError('timeout', 'slow'))).toBe(false);
    expect(isLinkGone(new Error('other'))).toBe(false);
    expect(isLinkGone(null)).toBe(false);
  });
});

describe('entryState', () => {
  const base = { gone: false, token: 'obs_x', failed: false, info: null, ready: true };
  it('waits for the link, then opens it', () => {
    expect(entryState(base)).toBe('loading');
    expect(entryState({ ...base, info: {} })).toBe('open');
    expect(entryState({ ...base, info: {}, ready: false })).toBe('loading');
  });
  it('says gone when the server refused the link, none without a link', () => {
    expect(entryState({ ...base, gone: true, info: {} })).toBe('gone');
    expect(entryState({ ...base, token: null })).toBe('none');
  });
  it('offers a retry for another failure, or shows what was stored', () => {
    expect(entryState({ ...base, failed: true })).toBe('failed');
    expect(entryState({ ...base, failed: true, info: {} })).toBe('open');
  });
});

describe('showOwnLinks', () => {
  it('leads a logged-in owner without a link, or with one that stopped, to their own links', () => {
    expect(showOwnLinks('none', true)).toBe(true);
    expect(showOwnLinks('gone', true)).toBe(true);
  });
  it('not a visitor without a login, nor anyone looking through a link', () => {
    expect(showOwnLinks('none', false)).toBe(false);
    expect(showOwnLinks('gone', false)).toBe(false);
    expect(showOwnLinks('open', true)).toBe(false);
    expect(showOwnLinks('loading', true)).toBe(false);
    expect(showOwnLinks('failed', true)).toBe(false);
  });
});

describe('shareRows', () => {
  const t = (key: string) => `<${key}>`;
  it('lists the note, coins, pages, sub-accounts and end of a link', () => {
    const info = { note: 'for Bob', currencyList: ['BTC', 'LTC'], machineInfoEnabled: true, incomeInfoEnabled: false, subAccounts: ['a1', 'a2'] };
    expect(shareRows(info, '12/06/2026 03:15', t)).toEqual([
      { key: 'note', label: '<entry.note>', value: 'for Bob' },
      { key: 'coins', label: '<entry.coins>', coins: ['BTC', 'LTC'] },
      { key: 'machine', label: '<entry.machine>', value: '<entry.yes>', testId: 'observer-machine' },
      { key: 'income', label: '<entry.income>', value: '<entry.no>', testId: 'observer-income' },
      { key: 'subAccounts', label: '<entry.subAccounts>', value: 'a1, a2' },
      { key: 'until', label: '<entry.until>', value: '12/06/2026 03:15', testId: 'observer-until' },
    ]);
  });
  it('leaves out an empty note and says all sub-accounts and never for a link without them', () => {
    const rows = shareRows({ incomeInfoEnabled: true }, '', t);
    expect(rows.map((r) => r.key)).toEqual(['coins', 'machine', 'income', 'subAccounts', 'until']);
    expect(rows.find((r) => r.key === 'coins')?.coins).toEqual([]);
    expect(rows.find((r) => r.key === 'machine')?.value).toBe('<entry.no>');
    expect(rows.find((r) => r.key === 'income')?.value).toBe('<entry.yes>');
    expect(rows.find((r) => r.key === 'subAccounts')?.value).toBe('<entry.all>');
    expect(rows.find((r) => r.key === 'until')?.value).toBe('<entry.never>');
  });
});
