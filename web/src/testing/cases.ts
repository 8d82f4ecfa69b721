import { expect } from 'vitest';

/**
 * expectEach checks fn on each row of a table: fn(argument) equals the expected value
 * (toEqual), and a failure names the function and the argument.
 */
export function expectEach<A, R>(fn: (arg: A) => R, rows: ReadonlyArray<readonly [A, R]>): void {
  for (const [arg, want] of rows) expect(fn(arg), `${fn.name}(${JSON.stringify(arg)})`).toEqual(want);
}
