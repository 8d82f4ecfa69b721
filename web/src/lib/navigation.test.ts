import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadOnceUrl } from './navigation';

describe('reloadOnceUrl', () => {
  it('adds reloaded=1 once', () => {
    expect(reloadOnceUrl('http://h/account/soloSearch')).toBe('http://h/account/soloSearch?reloaded=1');
    expect(reloadOnceUrl('http://h/mobile/help/helplist?type=faq#top')).toBe(
      'http://h/mobile/help/helplist?type=faq&reloaded=1#top',
    );
  });
  it('refuses a second reload', () => {
    expect(reloadOnceUrl('http://h/x?reloaded=1')).toBeNull();
    expect(reloadOnceUrl('http://h/x?a=b&reloaded=1')).toBeNull();
  });
});

describe('isChunkLoadError', () => {
  it('knows failed lazy imports from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://h/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
