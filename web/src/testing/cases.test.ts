import { describe, expect, it } from 'vitest';
import { expectEach } from './cases';

describe('expectEach', () => {
  const double = (x: number) => x * 2;
  it('passes when every row holds', () => {
    expect(() => expectEach(double, [[1, 2], [0, 0], [-3, -6]])).not.toThrow();
  });
  it('fails on a row that does not, naming the function and its argument', () => {
    expect(() => expectEach(double, [[1, 2], [2, 5]])).toThrow('double(2)');
  });
  it('compares by value and tells null from a value', () => {
    expect(() => expectEach((s: string) => (s ? { s } : null), [['a', { s: 'a' }], ['', null]])).not.toThrow();
    expect(() => expectEach((s: string) => (s ? s : null), [['', '']])).toThrow();
  });
});
