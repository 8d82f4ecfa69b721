import { afterEach, describe, expect, it } from 'vitest';
import { session, sessionKeys, soloSearchListKey, local } from '@/lib/storage';
import { MAX_RECENT, checkAddress, forgetRecent, readCurrent, readRecent, rememberRecent, saveCurrent, targetFrom } from './search';

afterEach(() => {
  local.remove(soloSearchListKey('BTC'));
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
