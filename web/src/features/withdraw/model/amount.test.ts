import { describe, expect, it } from 'vitest';
import { amountProblem, fromMinor, receivedOf, toMinor } from './amount';

const limits = { decimals: 8, maxDecimals: 5, fee: '0.001', max: '1.5' };

describe('amountProblem', () => {
  it.each([
    ['', 'rules.required'],
    ['  ', 'rules.required'],
    ['abc', 'rules.wrong'],
    ['1e3', 'rules.wrong'],
    ['.5', 'rules.wrong'],
    ['1.', 'rules.wrong'],
    ['-1', 'rules.positive'],
    ['0', 'rules.positive'],
    ['0.00000', 'rules.positive'],
    ['0.000001', 'rules.decimals'],
    ['0.001', 'rules.aboveFee'],
    ['0.0009', 'rules.aboveFee'],
    ['1.50001', 'rules.exceedsMax'],
    ['1.5', ''],
    ['1.500000', ''],
    ['0.00101', ''],
  ])('%j is %j', (raw, want) => {
    expect(amountProblem(raw, limits)).toBe(want);
  });
  it("refuses what delivers less than the network's dust floor after the fee (minAmount)", () => {
    const withMin = { ...limits, min: '0.00106' };
    expect(amountProblem('0.001', withMin)).toBe('rules.aboveFee');
    expect(amountProblem('0.00105', withMin)).toBe('rules.belowMin');
    expect(amountProblem('0.00106', withMin)).toBe('');
    expect(amountProblem('0.00105', limits)).toBe('');
  });
  it('compares without floating point', () => {
    expect(amountProblem('0.3', { ...limits, max: '0.3', fee: '0' })).toBe('');
    expect(amountProblem('0.30000001', { decimals: 8, maxDecimals: 8, fee: '0', max: '0.3' })).toBe('rules.exceedsMax');
  });
});

describe('minor units', () => {
  it('round-trips', () => {
    expect(toMinor('1.5', 8)).toBe(150000000n);
    expect(toMinor('0.00000001', 8)).toBe(1n);
    expect(toMinor('0.000000001', 8)).toBeNull();
    expect(fromMinor(150000000n, 8)).toBe('1.5');
    expect(fromMinor(0n, 8)).toBe('0');
  });
  it('tells what arrives', () => {
    expect(receivedOf('1', 8, '0.001')).toBe('0.999');
    expect(receivedOf('0.001', 8, '0.001')).toBe('');
    expect(receivedOf('x', 8, '0.001')).toBe('');
  });
});
