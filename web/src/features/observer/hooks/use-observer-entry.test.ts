import { describe, expect, it } from 'vitest';
import { ApiError, codes } from '@/lib/api-client';
import { entryState, isLinkGone, showOwnLinks } from './use-observer-entry';

describe('isLinkGone', () => {
  it('is the server refusing the link (code 5) only', () => {
    expect(isLinkGone(new ApiError('code', 'gone', codes.observerGone))).toBe(true);
    expect(isLinkGone(new ApiError('code', 'busy', 1))).toBe(false);
    expect(isLinkGone(new ApiError('network', 'offline'))).toBe(false);
    expect(isLinkGone(new ApiError('timeout', 'slow'))).toBe(false);
    expect(isLinkGone(new Error('other'))).toBe(false);
    expect(isLinkGone(null)).toBe(false);
  });
});

describe('entryState', () => {
  const base = { gone: false, token: 'obs_x', failed: false, info: null, ready: true };
  it('waits for the link, then opens it', () => {
    expect(entryState(base)).toBe('loading');
    expect(entryState({ ...base, info: {} })).toBe('open');
    expect(entryState({ ...base, info: {}, ready: false })).toBe('loading');
  });
  it('says gone when the server refused the link, none without a link', () => {
    expect(entryState({ ...base, gone: true, info: {} })).toBe('gone');
    expect(entryState({ ...base, token: null })).toBe('none');
  });
  it('offers a retry for another failure, or shows what was stored', () => {
    expect(entryState({ ...base, failed: true })).toBe('failed');
    expect(entryState({ ...base, failed: true, info: {} })).toBe('open');
  });
});

describe('showOwnLinks', () => {
  it('leads a logged-in owner without a link, or with one that stopped, to their own links', () => {
    expect(showOwnLinks('none', true)).toBe(true);
    expect(showOwnLinks('gone', true)).toBe(true);
  });
  it('not a visitor without a login, nor anyone looking through a link', () => {
    expect(showOwnLinks('none', false)).toBe(false);
    expect(showOwnLinks('gone', false)).toBe(false);
    expect(showOwnLinks('open', true)).toBe(false);
    expect(showOwnLinks('loading', true)).toBe(false);
    expect(showOwnLinks('failed', true)).toBe(false);
  });
});
