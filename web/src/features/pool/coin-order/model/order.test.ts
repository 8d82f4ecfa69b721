import { describe, expect, it } from 'vitest';
import { arrange, canMove, moveType, sameOrder } from './order';

describe('moveType', () => {
  const order = ['BTC', 'LTC', 'KAS'];

  it('moves a coin one place up or down', () => {
    expect(moveType(order, 'LTC', -1)).toEqual(['LTC', 'BTC', 'KAS']);
    expect(moveType(order, 'LTC', 1)).toEqual(['BTC', 'KAS', 'LTC']);
    expect(moveType(order, 'BTC', 1)).toEqual(['LTC', 'BTC', 'KAS']);
  });

  it('leaves the order as it is at either end or for a coin it does not hold, and never changes its input', () => {
    expect(moveType(order, 'BTC', -1)).toEqual(order);
    expect(moveType(order, 'KAS', 1)).toEqual(order);
    expect(moveType(order, 'DOGE', -1)).toEqual(order);
    moveType(order, 'LTC', -1);
    expect(order).toEqual(['BTC', 'LTC', 'KAS']);
  });

  it('says which moves are possible', () => {
    expect(canMove(order, 'BTC', -1)).toBe(false);
    expect(canMove(order, 'BTC', 1)).toBe(true);
    expect(canMove(order, 'KAS', -1)).toBe(true);
    expect(canMove(order, 'KAS', 1)).toBe(false);
    expect(canMove(order, 'DOGE', 1)).toBe(false);
    expect(canMove(['BTC'], 'BTC', 1)).toBe(false);
  });
});

describe('arrange', () => {
  const coins = [{ type: 'BTC' }, { type: 'LTC' }, { type: 'KAS' }, { type: 'ETC' }];

  it('puts the coins in the given order', () => {
    expect(arrange(coins, ['KAS', 'ETC', 'BTC', 'LTC']).map((c) => c.type)).toEqual(['KAS', 'ETC', 'BTC', 'LTC']);
  });

  it('lets coins the order leaves out follow in their own order, as the server does, and drops types it does not know', () => {
    expect(arrange(coins, ['KAS', 'GONE', 'LTC']).map((c) => c.type)).toEqual(['KAS', 'LTC', 'BTC', 'ETC']);
    expect(arrange(coins, []).map((c) => c.type)).toEqual(['BTC', 'LTC', 'KAS', 'ETC']);
  });
});

describe('sameOrder', () => {
  it('compares place by place', () => {
    expect(sameOrder(['A', 'B'], ['A', 'B'])).toBe(true);
    expect(sameOrder(['A', 'B'], ['B', 'A'])).toBe(false);
    expect(sameOrder(['A', 'B'], ['A'])).toBe(false);
  });
});
