import { describe, expect, it } from 'vitest';
import { expectEach } from '@/testing/cases';
import {
  checkField,
  checkForm,
  defaultCalcForm,
  forPeriod,
  formatTwo,
  percentToFraction,
  priceInput,
  toCalcInput,
  typedNumber,
} from './calculator';
import type { CoinRow } from './types';

const row = {
  currencyType: 'BTC',
  minHashUnit: 'TH/s',
  coinPrice: '96500.00',
  rate: 0.02,
  networkHashRateShow: '500.00',
  networkHashRateUnit: 'EH/s',
} as CoinRow;

describe('calculator form', () => {
  it('starts at the SPEC defaults, in the coin unit and price, with the pool fee', () => {
    expect(defaultCalcForm(row)).toEqual({
      customerHashRate: '1.00',
      customerHashRateUnit: 'TH/s',
      rate: '2.00',
      coinPrice: '96500.00',
      equipmentConsumption: '0.00',
      electricityPrice: '0.00',
    });
    expect(defaultCalcForm(undefined).rate).toBe('0.00');
    expect(defaultCalcForm(undefined).coinPrice).toBe('0.00');
  });

  it('takes the table price into the price field within its four decimals', () => {
    expect(priceInput('0.07100')).toBe('0.0710');
    expect(priceInput('0.002994')).toBe('0.0030');
    expect(priceInput('96500.00')).toBe('96500.00');
    expect(priceInput('')).toBe('0.00');
    expect(checkField('coinPrice', defaultCalcForm({ ...row, coinPrice: '0.00001235' }).coinPrice)).toBeNull();
  });

  it('keeps only what may be typed', () => {
    expect(typedNumber('12a.3b')).toBe('12.3');
    expect(typedNumber('1.23456')).toBe('1.2345');
    expect(typedNumber('1.2.3')).toBe('1.23');
    expect(typedNumber('.5')).toBe('0.5');
    expect(typedNumber('-3')).toBe('3');
    expect(typedNumber('1234567890123456789')).toHaveLength(15);
  });

  it('shows two decimals on blur', () => {
    expectEach(formatTwo, [
      ['1', '1.00'],
      ['2.5', '2.50'],
      ['0.1234', '0.12'],
      ['', ''],
      ['abc', 'abc'],
    ]);
  });

  it('judges fields by the SPEC limits', () => {
    expect(checkField('customerHashRate', '')?.key).toBe('calc.errors.required');
    expect(checkField('customerHashRate', 'x')?.key).toBe('calc.errors.number');
    expect(checkField('customerHashRate', '-1')?.key).toBe('calc.errors.number');
    expect(checkField('customerHashRate', '1.23456')?.key).toBe('calc.errors.number');
    expect(checkField('customerHashRate', '999.99')).toBeNull();
    expect(checkField('customerHashRate', '1000')).toEqual({ key: 'calc.errors.tooLarge', values: { max: 999.99 } });
    expect(checkField('rate', '100')).toBeNull();
    expect(checkField('rate', '100.01')?.key).toBe('calc.errors.tooLarge');
    expect(checkField('coinPrice', '96500')).toBeNull();
    expect(checkField('coinPrice', '1234567890123456')?.key).toBe('calc.errors.tooLong');
    expect(checkField('electricityPrice', '0')).toBeNull();
  });

  it('checks the full fields only in the full variant', () => {
    const form = { ...defaultCalcForm(row), electricityPrice: '' };
    expect(checkForm(form, 'basic')).toEqual({});
    expect(Object.keys(checkForm(form, 'full'))).toEqual(['electricityPrice']);
  });

  it('builds the call body with the fee as a fraction and the network figures of the row', () => {
    const form = { ...defaultCalcForm(row), customerHashRate: '100', rate: '2.5', equipmentConsumption: '625', electricityPrice: '0.05' };
    expect(toCalcInput(row, form, 'CNY', 'basic')).toEqual({
      legalTender: 'CNY',
      currencyType: 'BTC',
      coinPrice: '96500.00',
      containConsumption: false,
      customerHashRate: '100',
      customerHashRateUnit: 'TH/s',
      networkHashRate: '500.00',
      networkHashRateUnit: 'EH/s',
      rate: '0.025',
    });
    const full = toCalcInput(row, form, 'USD', 'full');
    expect(full.containConsumption).toBe(true);
    expect(full.equipmentConsumption).toBe('625');
    expect(full.electricityPrice).toBe('0.05');
  });

  it('turns percentages into fractions exactly', () => {
    expectEach(percentToFraction, [
      ['0', '0'],
      ['0.00', '0'],
      ['1', '0.01'],
      ['2.5', '0.025'],
      ['12.3456', '0.123456'],
      ['100', '1'],
      ['100.00', '1'],
    ]);
  });

  it('shows the server\'s figures for each period, nothing for a period it did not send', () => {
    const periods = {
      day: { income: '5.29', incomeCoin: '0.00008820' },
      week: { income: '37.04', incomeCoin: '0.00061740' },
      month: { income: '158.76', incomeCoin: '0.00264600' },
      year: { income: '1931.58', incomeCoin: '0.03219300' },
    };
    const result = { dayExpectIncome: '5.29', dayExpectIncomeCoin: '0.00008820', legalTender: 'USD' as const, periods };
    expect(forPeriod(result, 'year')).toEqual(periods.year);
    expect(forPeriod(result, 'week')).toEqual(periods.week);
    const old = { dayExpectIncome: '5.29', dayExpectIncomeCoin: '0.00008820', legalTender: 'USD' as const } as unknown as typeof result;
    expect(forPeriod(old, 'year')).toEqual({ income: '', incomeCoin: '' });
  });
});
