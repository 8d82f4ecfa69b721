import { describe, expect, it } from 'vitest';
import { isHelpKind, langTag, needsLogin, parseArticleId, parseHelpType } from './params';

describe('help addresses', () => {
  it('reads the mobile ?type=', () => {
    expect(parseHelpType('faq')).toEqual({ kind: 'help', type: 'faq' });
    expect(parseHelpType('notice')).toEqual({ kind: 'help', type: 'notice' });
    expect(parseHelpType(' announcement ')).toEqual({ kind: 'help', type: 'announcement' });
    expect(parseHelpType('infoList')).toEqual({ kind: 'infoList' });
    expect(parseHelpType('FAQ')).toEqual({ kind: 'unknown', raw: 'FAQ' });
    expect(parseHelpType('')).toEqual({ kind: 'unknown', raw: '' });
    expect(parseHelpType(null)).toEqual({ kind: 'unknown', raw: '' });
  });

  it('knows the sections and which needs login', () => {
    expect(isHelpKind('faq')).toBe(true);
    expect(isHelpKind('infoList')).toBe(false);
    expect(isHelpKind(3)).toBe(false);
    expect(needsLogin('notice')).toBe(true);
    expect(needsLogin('faq')).toBe(false);
    expect(needsLogin('announcement')).toBe(false);
  });

  it('accepts only positive whole ids', () => {
    expect(parseArticleId('12')).toBe(12);
    expect(parseArticleId(' 7 ')).toBe(7);
    for (const bad of ['0', '-1', '01', '1.5', 'abc', '', null, undefined, '1e3', '99999999999999999']) {
      expect(parseArticleId(bad), String(bad)).toBeNull();
    }
  });

  it('tags text with the language it is served in', () => {
    expect(langTag('zh_HK')).toBe('zh-HK');
    expect(langTag('en_US')).toBe('en');
    expect(langTag('fr_FR')).toBeUndefined();
  });
});
