import { describe, expect, it } from 'vitest';
import { pickCoin, pickSubAccount } from './selection';
import type { ChainType, SubAccount } from './types';

const coin = (type: string) => ({ type, name: type }) as ChainType;
const sub = (code: string) => ({ code, defaultCoin: 'LTC' }) as SubAccount;

describe('pickCoin', () => {
  const coins = [coin('BTC'), coin('LTC')];
  it('takes the address first, then storage, then the first coin', () => {
    expect(pickCoin(coins, 'ltc', { type: 'BTC' })?.type).toBe('LTC');
    expect(pickCoin(coins, null, { type: 'LTC' })?.type).toBe('LTC');
    expect(pickCoin(coins, null, null)?.type).toBe('BTC');
  });
  it('ignores coins that no longer exist', () => {
    expect(pickCoin(coins, 'DOGE', { type: 'KAS' })?.type).toBe('BTC');
    expect(pickCoin([], 'BTC', null)).toBeNull();
  });
});

describe('pickSubAccount', () => {
  const subs = [sub('alice'), sub('bob')];
  it('takes the address first, then storage; unknown or empty means all', () => {
    expect(pickSubAccount(subs, 'bob', 'alice')?.code).toBe('bob');
    expect(pickSubAccount(subs, null, 'alice')?.code).toBe('alice');
    expect(pickSubAccount(subs, 'gone', null)).toBeNull();
    expect(pickSubAccount(subs, '', 'alice')).toBeNull();
  });
});
