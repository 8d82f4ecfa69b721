import { describe, expect, it } from 'vitest';
import { bindGate, coinChoices, detailAllowed } from './capabilities';

const coin = (type: string, over: Partial<{ status: number; currencyChangeFlag: boolean; machineBindFlag: boolean }> = {}) => ({
  type,
  name: `${type} coin`,
  status: 1,
  currencyChangeFlag: true,
  machineBindFlag: true,
  ...over,
});

describe('coinChoices', () => {
  it('offers the open coins, a coin without currencyChangeFlag disabled with why', () => {
    const coins = [coin('MINE'), coin('LOCK', { currencyChangeFlag: false }), coin('SHUT', { status: 0 })];
    expect(coinChoices(coins, 'MINE')).toEqual([
      { type: 'MINE', name: 'MINE coin', disabled: false, reason: null },
      { type: 'LOCK', name: 'LOCK coin', disabled: true, reason: 'flags.noChange' },
    ]);
  });

  it('keeps the current coin choosable even when it cannot be changed to, is closed or unknown', () => {
    const coins = [coin('MINE'), coin('LOCK', { currencyChangeFlag: false }), coin('SHUT', { status: 0, currencyChangeFlag: false })];
    expect(coinChoices(coins, 'LOCK').find((c) => c.type === 'LOCK')).toEqual({ type: 'LOCK', name: 'LOCK coin', disabled: false, reason: null });
    expect(coinChoices(coins, 'SHUT').map((c) => [c.type, c.disabled])).toEqual([
      ['MINE', false],
      ['LOCK', true],
      ['SHUT', false],
    ]);
    expect(coinChoices(coins, 'GONE')[0]).toEqual({ type: 'GONE', name: 'GONE', disabled: false, reason: null });
  });
});

describe('bindGate', () => {
  const coins = [coin('MINE'), coin('LOCK', { machineBindFlag: false })];
  it('allows binding on a coin with machineBindFlag', () => {
    expect(bindGate(coins, 'MINE')).toEqual({ allowed: true });
  });
  it('refuses it on a coin without, naming the coin', () => {
    expect(bindGate(coins, 'LOCK')).toEqual({ allowed: false, reason: 'flags.noBind', coin: 'LOCK' });
  });
  it('leaves a coin it does not know to the server', () => {
    expect(bindGate([], 'LOCK')).toEqual({ allowed: true });
  });
});

describe('detailAllowed', () => {
  const coins = [
    { type: 'MINE', machineDetailFlag: true },
    { type: 'LOCK', machineDetailFlag: false },
  ];
  it('links a device to its page only where the coin has machineDetailFlag', () => {
    expect(detailAllowed(coins, 'MINE')).toBe(true);
    expect(detailAllowed(coins, 'LOCK')).toBe(false);
  });
  it('keeps the link for a coin the list does not know yet: the page says what the server says', () => {
    expect(detailAllowed(coins, 'GONE')).toBe(true);
    expect(detailAllowed([], 'LOCK')).toBe(true);
  });
});
