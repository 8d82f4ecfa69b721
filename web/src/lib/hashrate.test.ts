import { describe, expect, it } from 'vitest';
import { NBSP } from './format';
import { rateParts, rateText } from './hashrate';

describe('hashrate text', () => {
  it('joins a hashrate to its unit with a no-break space, or gives the measuring text', () => {
    expect(rateText({ hashRate: 10900, show: '10.90', unit: 'KH/s' }, 'measuring')).toBe(`10.90${NBSP}KH/s`);
    expect(rateText({ hashRate: 5, show: '5.00', unit: 'H/s', measuring: true }, 'measuring')).toBe('measuring');
    expect(rateParts({ hashRate: 10900, show: '10.90', unit: 'KH/s' }, 'measuring')).toEqual({ value: '10.90', unit: 'KH/s' });
  });
});
