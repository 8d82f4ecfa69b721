import { describe, expect, it } from 'vitest';
import { subAccountChoices, withdrawBlock } from './withdraw-gate';

describe('withdrawBlock', () => {
  it('under all sub-accounts asks for one, whatever the sum available', () => {
    expect(withdrawBlock('', '12.50000000')).toBe('pickSubAccount');
    expect(withdrawBlock('', '0.00000000')).toBe('pickSubAccount');
  });
  it('for a sub-account opens with something available, else says there is nothing', () => {
    expect(withdrawBlock('payee', '0.00000001')).toBeNull();
    expect(withdrawBlock('payee', '0.00000000')).toBe('nothingAvailable');
    expect(withdrawBlock('payee', '')).toBe('nothingAvailable');
  });
});

describe('subAccountChoices', () => {
  it('names each by alias and code, or code alone', () => {
    expect(subAccountChoices([{ code: 'payee', alias: 'Payee' }, { code: 'farm2', alias: '' }])).toEqual([
      { value: 'payee', label: 'Payee (payee)' },
      { value: 'farm2', label: 'farm2' },
    ]);
  });
});
