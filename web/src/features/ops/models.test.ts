import { describe, expect, it } from 'vitest';
import { expectEach } from '@/testing/cases';
import {
  AUDIT_VALUE_MAX,
  minorToCoins,
  auditChanges,
  auditCsvUrl,
  can,
  cleanFilters,
  errorKeyOf,
  filtersFrom,
  isShort,
  navFor,
  navKeyOf,
  nodeHealth,
  payoutActions,
  queryString,
  validOlderThan,
  validateAction,
  withdrawalActions,
} from './models';

describe('ops models', () => {
  it('writes only the filters that say something, trimmed, on the query string', () => {
    expect(cleanFilters({ status: 'review', coin: ' MINE ', user: '', olderThan: undefined })).toEqual({ status: 'review', coin: 'MINE' });
    expect(queryString({ status: '', coin: '' })).toBe('');
    expect(queryString({ actor: 'ann@example.com', action: 'operator.', from: '2026-11-01' })).toBe('?actor=ann%40example.com&action=operator.&from=2026-11-01');
  });

  it('exports the audit log with the same filters as the list', () => {
    expect(auditCsvUrl({ actor: 'cli', object: 'withdrawal:12', to: '' })).toBe('/ops/api/v1/audit.csv?actor=cli&object=withdrawal%3A12');
    expect(auditCsvUrl({})).toBe('/ops/api/v1/audit.csv');
  });

  it('reads the filters back from the page address, missing ones empty', () => {
    expect(filtersFrom(new URLSearchParams('status=review&user=U1&x=1'), ['status', 'coin', 'user'])).toEqual({ status: 'review', coin: '', user: 'U1' });
  });

  it('takes the ages the API reads', () => {
    for (const ok of ['', '30m', '2h', '48h', ' 90s ']) expect(validOlderThan(ok)).toBe(true);
    for (const bad of ['2 days', 'h', '1.5h', '-2h', '2d']) expect(validOlderThan(bad)).toBe(false);
  });

  it('shows the pages the rights allow; operators for the owner only', () => {
    const viewer = { permissions: ['read' as const] };
    const owner = { permissions: ['read', 'users', 'content', 'finance', 'coins', 'operators'] as const };
    expect(navFor(viewer).map((n) => n.key)).not.toContain('operators');
    expect(navFor({ permissions: [...owner.permissions] }).map((n) => n.key)).toContain('operators');
    expect(navFor(undefined)).toEqual([]);
    expect(can(viewer, 'finance')).toBe(false);
    expect(can({ permissions: ['read', 'finance'] }, 'finance')).toBe(true);
  });

  it('finds the menu entry of a deep link', () => {
    expectEach(navKeyOf, [
      ['/', 'overview'],
      ['/withdrawals/12', 'withdrawals'],
      ['/users/3', 'users'],
      ['/coin-edit/MINE', 'coinEdit'],
      ['/nowhere', 'overview'],
    ]);
  });

  it('asks a reason where the API needs one and six digits where it asks the code again', () => {
    const finance = { reasonRequired: true, needsCode: true };
    expect(validateAction(finance, { reason: ' ', code: '12345' })).toEqual({ reason: 'form.reasonRequired', code: 'form.codeSixDigits' });
    expect(validateAction(finance, { reason: 'dispute', code: '123456' })).toEqual({});
    expect(validateAction({ reasonRequired: false, needsCode: true }, { reason: '', code: '654321' })).toEqual({});
    // The API's bound (200 characters, as account.MaxAdminReason), counted in characters.
    expect(validateAction({ reasonRequired: true, needsCode: false }, { reason: 'x'.repeat(201), code: '' })).toEqual({ reason: 'form.reasonTooLong' });
    expect(validateAction({ reasonRequired: true, needsCode: false }, { reason: '原'.repeat(200), code: '' })).toEqual({});
  });

  it('offers the actions a status allows', () => {
    expect(withdrawalActions({ status: 'review' })).toEqual(['approve', 'reject']);
    expect(withdrawalActions({ status: 'requested' })).toEqual(['fail']);
    expect(withdrawalActions({ status: 'batched' })).toEqual(['fail']);
    expect(withdrawalActions({ status: 'broadcast' })).toEqual([]);
    expect(withdrawalActions({ status: 'confirmed' })).toEqual([]);
    expect(payoutActions({ status: 'batched' })).toEqual(['fail', 'unbatch']);
    expect(payoutActions({ status: 'broadcast' })).toEqual([]);
  });

  it('is short when the surplus is negative and the node answered', () => {
    expect(isShort({ surplus: '-0.5', error: '' })).toBe(true);
    expect(isShort({ surplus: '0.00000000', error: '' })).toBe(false);
    expect(isShort({ surplus: '', error: 'node down' })).toBe(false);
  });

  it("sums up the node: a failing or silent node is bad, an old template a warning", () => {
    const node = { status: 'ok', error: '', errorAt: 0, templateAt: 1, templateAgeMs: 10_000, templateHeight: 5, reportAt: 1 };
    expect(nodeHealth(node)).toBe('good');
    expect(nodeHealth({ ...node, templateAgeMs: 6 * 60_000 })).toBe('warning');
    expect(nodeHealth({ ...node, status: 'error', error: 'connection refused' })).toBe('bad');
    expect(nodeHealth({ ...node, status: 'silent' })).toBe('bad');
    expect(nodeHealth({ ...node, status: 'unknown' })).toBe('unknown');
    expect(nodeHealth(undefined)).toBe('unknown');
  });

  it('reads the error key of a refusal', () => {
    expect(errorKeyOf({ data: { error: 'ops.wrongCode' } })).toBe('ops.wrongCode');
    expect(errorKeyOf(new Error('x'))).toBe('');
    expect(errorKeyOf(null)).toBe('');
  });
});

describe('auditChanges', () => {
  it('lists only the fields that changed, values cut short', () => {
    const long = 'x'.repeat(200);
    const changes = auditChanges({ status: 'review', amount: '1', body: long }, { status: 'requested', amount: '1', body: long + 'y' });
    expect(changes.map((c) => c.field)).toEqual(['status', 'body']);
    expect(changes[0]).toEqual({ field: 'status', before: 'review', after: 'requested' });
    expect(changes[1].before.length).toBe(AUDIT_VALUE_MAX);
    expect(changes[1].before.endsWith('…')).toBe(true);
  });
  it('shows every field of an object made or removed, and nothing for no change', () => {
    expect(auditChanges(null, { id: 3, open: true })).toEqual([
      { field: 'id', before: '—', after: '3' },
      { field: 'open', before: '—', after: 'true' },
    ]);
    expect(auditChanges({ a: [1, 2] }, null)).toEqual([{ field: 'a', before: '[1,2]', after: '—' }]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});

describe('minorToCoins', () => {
  it('writes minor units as coins exactly, with the coin decimals', () => {
    expect(minorToCoins(125000000, 8)).toBe('1.25000000');
    expect(minorToCoins(1, 8)).toBe('0.00000001');
    expect(minorToCoins(-42, 6)).toBe('-0.000042');
    expect(minorToCoins(0, 8)).toBe('0.00000000');
    expect(minorToCoins(9007199254740991, 8)).toBe('90071992.54740991');
    expect(minorToCoins(5, 0)).toBe('5');
    expect(minorToCoins(125, undefined)).toBe('125');
  });
});
