import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getObserverInfo,
  getToken,
  getUnreadCount,
  getUserInfo,
  local,
  localKeys,
  session,
  sessionKeys,
  setSession,
  soloSearchListKey,
  subscribeStorage,
} from './storage';

describe('storage keys', () => {
  it('names every key of SPEC section 3', () => {
    expect(Object.values(localKeys)).toEqual(
      expect.arrayContaining([
        'token',
        'observerToken',
        'observerInfo',
        'userInfo',
        'lang',
        'chainTypeInfo',
        'chainTypeInfoSolo',
        'index',
        'unReadCount',
        'version',
      ]),
    );
    expect(soloSearchListKey('ALEO')).toBe('soloSearchList_ALEO');
    expect(sessionKeys.soloSearch).toBe('soloSearch');
    expect(sessionKeys.agentInviteCode).toBe('agentInviteCode');
  });
});

describe('local and session', () => {
  it('store strings and JSON in the right area', () => {
    local.set('a', '1');
    session.set('b', '2');
    expect(localStorage.getItem('a')).toBe('1');
    expect(sessionStorage.getItem('b')).toBe('2');
    local.setJSON('obj', { x: [1, 2] });
    expect(local.getJSON('obj')).toEqual({ x: [1, 2] });
    local.remove('a');
    expect(local.get('a')).toBeNull();
  });
  it('read broken JSON as null', () => {
    localStorage.setItem('bad', '{nope');
    expect(local.getJSON('bad')).toBeNull();
    expect(local.getJSON('missing')).toBeNull();
  });
  it('do not throw when storage does', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => local.set('k', 'v')).not.toThrow();
    spy.mockRestore();
  });
  it('tell subscribers which key changed', () => {
    const seen: string[] = [];
    const off = subscribeStorage((k) => seen.push(k));
    local.set(localKeys.token, 't');
    session.remove('x');
    off();
    local.set('after', '1');
    expect(seen).toEqual(['token', 'x']);
  });
});

describe('session helpers', () => {
  it('set and clear the login', () => {
    setSession('tok', { nickName: 'miner', uid: '7' });
    expect(getToken()).toBe('tok');
    expect(getUserInfo()).toEqual({ nickName: 'miner', uid: '7' });
    local.set(localKeys.lang, 'en_US');
    clearSession();
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(local.get(localKeys.lang)).toBe('en_US');
  });
  it('read observer info with defaults', () => {
    expect(getObserverInfo()).toEqual({});
    local.setJSON(localKeys.observerInfo, { machineInfoEnabled: true, incomeInfoEnabled: false });
    expect(getObserverInfo().machineInfoEnabled).toBe(true);
  });
  it('count unread messages only with an observer token', () => {
    local.set(localKeys.unReadCount, '3');
    expect(getUnreadCount()).toBe(0);
    local.set(localKeys.observerToken, 'obs');
    expect(getUnreadCount()).toBe(3);
    local.set(localKeys.unReadCount, 'junk');
    expect(getUnreadCount()).toBe(0);
  });
});
