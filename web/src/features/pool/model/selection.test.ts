import { describe, expect, it } from 'vitest';
import { chooseSubAccount, pickCoin, pickSubAccount, subAccountParam } from './selection';
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

describe('subAccountParam', () => {
  const subs = [sub('demo_main'), sub('bob')];
  const of = (q: string) => pickSubAccount(subs, subAccountParam(new URLSearchParams(q)), null)?.code ?? null;
  it("takes a sub-account page's code, so the switcher shows the page's sub-account", () => {
    expect(of('code=demo_main')).toBe('demo_main');
    expect(of('code=demo_main&sub=bob')).toBe('demo_main');
    expect(of('code=demo_main&sub=')).toBe('demo_main');
  });
  it('else the switcher’s own sub, where an empty one means all', () => {
    expect(of('sub=bob')).toBe('bob');
    expect(of('sub=')).toBeNull();
    expect(pickSubAccount(subs, subAccountParam(new URLSearchParams('sub=')), 'bob')).toBeNull();
    expect(pickSubAccount(subs, subAccountParam(new URLSearchParams('')), 'bob')?.code).toBe('bob');
  });
});

describe('chooseSubAccount', () => {
  const after = (q: string, code: string | null) => {
    const p = new URLSearchParams(q);
    chooseSubAccount(p, code);
    return p.toString();
  };
  it('sets sub; on a sub-account page the page follows the choice', () => {
    expect(after('coin=MINE', 'bob')).toBe('coin=MINE&sub=bob');
    expect(after('code=demo_main', 'bob')).toBe('code=bob&sub=bob');
  });
  it('all sub-accounts: an empty sub, and no code on a sub-account page', () => {
    expect(after('sub=bob', null)).toBe('sub=');
    expect(after('code=demo_main&sub=demo_main', null)).toBe('sub=');
  });
});
