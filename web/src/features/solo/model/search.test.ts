import { afterEach, describe, expect, it } from 'vitest';
import { session, sessionKeys, soloSearchListKey, local, localKeys } from '@/lib/storage';
import { MAX_RECENT, checkAddress, forgetRecent, pickSoloCoin, readCurrent, readRecent, readSoloCoin, rememberRecent, saveCurrent, saveSoloCoin, targetFrom } from './search';
import type { SoloCoin } from './types';

afterEach(() => {
  local.remove(soloSearchListKey('BTC'));
  local.remove(localKeys.chainTypeInfoSolo);
  session.remove(sessionKeys.soloSearch);
});

describe('checkAddress', () => {
  it('requires input and refuses spaces and control characters', () => {
    expect(checkAddress('  ')).toEqual({ error: 'required' });
    expect(checkAddress(' dt1abc ')).toEqual({ address: 'dt1abc' });
    expect(checkAddress('dt1 abc')).toEqual({ error: 'invalid' });
    expect(checkAddress('dt1\u0007')).toEqual({ error: 'invalid' });
    expect(checkAddress('x'.repeat(129))).toEqual({ error: 'invalid' });
  });
});

describe('recent addresses', () => {
  it('keeps the newest first, once each, at most MAX_RECENT', () => {
    for (let i = 0; i < MAX_RECENT + 2; i++) rememberRecent('BTC', `a${i}`);
    rememberRecent('BTC', 'a5');
    const list = readRecent('BTC');
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]).toBe('a5');
    expect(list.filter((a) => a === 'a5')).toHaveLength(1);
    expect(forgetRecent('BTC', 'a5')).not.toContain('a5');
  });
  it('ignores junk in storage', () => {
    local.set(soloSearchListKey('BTC'), '{"not":"a list"}');
    expect(readRecent('BTC')).toEqual([]);
  });
});

describe('current search', () => {
  it('comes from the address, else the session', () => {
    expect(readCurrent()).toBeNull();
    saveCurrent({ coin: 'BTC', address: 'dt1abc' });
    expect(targetFrom(new URLSearchParams(''))).toEqual({ coin: 'BTC', address: 'dt1abc' });
    expect(targetFrom(new URLSearchParams('coin=LTC&address=ltc1q'))).toEqual({ coin: 'LTC', address: 'ltc1q' });
  });
});

describe('the solo coin', () => {
  const coin = (type: string) => ({ type, name: `${type} coin` }) as SoloCoin;
  const coins = [coin('BTC'), coin('LTC')];

  it('is remembered in localStorage chainTypeInfoSolo for the next visit', () => {
    expect(readSoloCoin()).toBeNull();
    saveSoloCoin(coin('LTC'));
    expect(local.getJSON(localKeys.chainTypeInfoSolo)).toEqual({ type: 'LTC', name: 'LTC coin' });
    expect(readSoloCoin()).toBe('LTC');
    expect(pickSoloCoin(coins, readSoloCoin())?.type).toBe('LTC');
  });
  it('falls back to the first coin when the remembered one is gone, or storage holds junk', () => {
    expect(pickSoloCoin(coins, 'DOGE')?.type).toBe('BTC');
    expect(pickSoloCoin(coins, null)?.type).toBe('BTC');
    expect(pickSoloCoin(coins, 'ltc')?.type).toBe('LTC');
    expect(pickSoloCoin([], 'LTC')).toBeUndefined();
    local.set(localKeys.chainTypeInfoSolo, '{"type":7}');
    expect(readSoloCoin()).toBeNull();
    local.set(localKeys.chainTypeInfoSolo, 'not json');
    expect(readSoloCoin()).toBeNull();
  });
});
