import { describe, expect, it } from 'vitest';
import { expectEach } from '@/testing/cases';
import { blockState, confirmationsOf, finderIsAddress, formatEffort, formatShare, parseHeight, parseTxid, shortHash, trimAmount } from './format';

describe('explorer formats', () => {
  it('effort, share and confirmations', () => {
    expectEach(formatEffort, [
      [0, '—'],
      [1.5, '150.0%'],
      [0.05, '5.00%'],
    ]);
    expectEach(formatShare, [
      [0, '0%'],
      [0.00001, '<0.01%'],
      [0.0029, '0.29%'],
      [0.25, '25.0%'],
    ]);
    expect(confirmationsOf(3, 10)).toBe('3/10');
    expect(confirmationsOf(12, 10)).toBe('10/10');
    expect(confirmationsOf(-1, 10)).toBe('—');
  });
  it('hashes and heights', () => {
    expect(shortHash('a'.repeat(64))).toBe(`${'a'.repeat(10)}…${'a'.repeat(10)}`);
    expect(parseHeight('123')).toBe(123);
    expect(parseHeight('12a')).toBeNull();
    expect(parseHeight(undefined)).toBeNull();
  });
  it('a solo finder is an address to copy; a masked sub-account is not', () => {
    expect(finderIsAddress('dvn1a0b1c2d3e4f5')).toBe(true);
    expect(finderIsAddress('fa***a')).toBe(false);
    expect(finderIsAddress('***')).toBe(false);
    expect(finderIsAddress('')).toBe(false);
  });

  it('headline amounts without trailing zeros', () => {
    expectEach(trimAmount, [
      ['50.00000000', '50'],
      ['3.12500000', '3.125'],
      ['100', '100'],
      ['0.00000000', '0'],
      ['10.10', '10.1'],
    ]);
  });

  it("a block page's title follows the block's state (issue 31)", () => {
    const pool = (status: 'pending' | 'confirmed' | 'orphaned') => ({ status });
    // A pool block with all its confirmations is confirmed, not "unconfirmed".
    expect(blockState({ confirmations: 10, poolBlock: pool('confirmed') })).toBe('confirmed');
    expect(blockState({ confirmations: 3, poolBlock: pool('pending') })).toBe('unconfirmed');
    expect(blockState({ confirmations: -1, poolBlock: pool('orphaned') })).toBe('orphaned');
    // Blocks the pool did not find: plain, or orphaned off the main chain.
    expect(blockState({ confirmations: 5, poolBlock: null })).toBe('block');
    expect(blockState({ confirmations: -1, poolBlock: null })).toBe('orphaned');
  });

  it('reads a transaction hash from the address', () => {
    expect(parseTxid('AB'.repeat(32))).toBe('ab'.repeat(32));
    expect(parseTxid(` ${'0'.repeat(64)} `)).toBe('0'.repeat(64));
    expect(parseTxid('ab'.repeat(31))).toBeNull();
    expect(parseTxid(null)).toBeNull();
  });
});
