import { describe, expect, it } from 'vitest';
import {
  canWriteContent,
  isArticleKind,
  languagesOf,
  tabOf,
  titleOf,
  translationEditOf,
  validateLegal,
  validateOptionalReason,
  validateRelease,
  validateSortOrder,
  validateTranslation,
  webUrl,
} from './models';

const article = {
  translations: [
    { lang: 'zh_HK', title: '維護通知', body: '# 維護' },
    { lang: 'en_US', title: 'Maintenance', body: '# Maintenance' },
  ],
};

describe('content: the rules of the content functions', () => {
  it('wants a translation`s title of 1-120 characters and a body not blank, at most 100 KB', () => {
    expect(validateTranslation({ title: 'Maintenance', body: 'text' })).toEqual({});
    expect(validateTranslation({ title: '  ', body: ' \n' })).toEqual({ title: 'errors.titleRequired', body: 'errors.bodyRequired' });
    expect(validateTranslation({ title: '維'.repeat(120), body: 'x' })).toEqual({});
    expect(validateTranslation({ title: '維'.repeat(121), body: 'x'.repeat(100 * 1024 + 1) })).toEqual({
      title: 'errors.titleTooLong',
      body: 'errors.bodyTooLong',
    });
    // 100 KB is counted in bytes, as the server does: 35,000 Chinese characters are 105,000 bytes.
    expect(validateTranslation({ title: 't', body: '維'.repeat(35_000) }).body).toBe('errors.bodyTooLong');
  });

  it('wants a legal document not blank and at most 1 MB', () => {
    expect(validateLegal('# Privacy')).toEqual({});
    expect(validateLegal('  ')).toEqual({ body: 'errors.legalRequired' });
    expect(validateLegal('x'.repeat((1 << 20) + 1))).toEqual({ body: 'errors.legalTooLong' });
  });

  it('wants a download`s version, and an http(s) address or a path of the site', () => {
    expect(validateRelease({ version: '1.2.0', url: 'https://cdn.example.com/app.apk', notes: '' })).toEqual({});
    expect(validateRelease({ version: '1.2.0', url: '/downloads/app.dmg', notes: '' })).toEqual({});
    expect(validateRelease({ version: ' ', url: 'ftp://example.com/app', notes: '' })).toEqual({ version: 'errors.versionRequired', url: 'errors.badUrl' });
    expect(webUrl('javascript:alert(1)')).toBe(false);
    expect(webUrl('https://')).toBe(false);
    expect(webUrl('example.com/app')).toBe(false);
  });

  it('takes no reason, or one of at most 200 characters', () => {
    expect(validateOptionalReason('')).toEqual({});
    expect(validateOptionalReason('r'.repeat(201))).toEqual({ reason: 'errors.reasonTooLong' });
  });

  it('places an FAQ entry with a whole number within ±1,000,000', () => {
    expect(validateSortOrder('-5')).toEqual({});
    expect(validateSortOrder('1.5')).toEqual({ sortOrder: 'errors.sortOrder' });
    expect(validateSortOrder('1000001')).toEqual({ sortOrder: 'errors.sortOrder' });
  });
});

describe('content: what a save sends', () => {
  it('sends a new translation whole, the title trimmed', () => {
    expect(translationEditOf('ko_KR', { title: ' 점검 ', body: '본문' }, undefined)).toEqual({ lang: 'ko_KR', title: '점검', body: '본문' });
  });

  it('sends only what changed of an existing translation, nothing when nothing did', () => {
    const saved = article.translations[1];
    expect(translationEditOf('en_US', { title: 'Maintenance', body: '# Maintenance' }, saved)).toBeNull();
    expect(translationEditOf('en_US', { title: 'Maintenance ', body: '# Maintenance\n\nTonight.' }, saved)).toEqual({ lang: 'en_US', body: '# Maintenance\n\nTonight.' });
    expect(translationEditOf('en_US', { title: 'Planned maintenance', body: '# Maintenance' }, saved)).toEqual({ lang: 'en_US', title: 'Planned maintenance' });
  });
});

describe('content: lists', () => {
  it('titles an article in the reader`s language, else as the public pages fall back', () => {
    expect(titleOf(article, 'en_US')).toEqual({ title: 'Maintenance', lang: 'en_US' });
    expect(titleOf(article, 'ko_KR')).toEqual({ title: '維護通知', lang: 'zh_HK' });
    expect(titleOf({ translations: [{ lang: 'ko_KR', title: '점검', body: '' }] }, 'zh_CN')).toEqual({ title: '점검', lang: 'ko_KR' });
    expect(titleOf({ translations: [] }, 'zh_CN')).toEqual({ title: '', lang: '' });
  });

  it('tells which languages an article has', () => {
    expect(languagesOf(article)).toEqual({ zh_CN: false, zh_HK: true, en_US: true, ko_KR: false });
  });

  it('reads the tab and the kind from the address', () => {
    expect(tabOf('faq')).toBe('faq');
    expect(tabOf('apps')).toBe('apps');
    expect(tabOf('nonsense')).toBe('announcement');
    expect(tabOf(null)).toBe('announcement');
    expect(isArticleKind('notice')).toBe(true);
    expect(isArticleKind('legal')).toBe(false);
  });

  it('lets the content right write; every other role reads', () => {
    expect(canWriteContent({ permissions: ['read', 'users', 'content'] })).toBe(true);
    expect(canWriteContent({ permissions: ['read', 'finance'] })).toBe(false);
    expect(canWriteContent({ permissions: ['read'] })).toBe(false);
    expect(canWriteContent(undefined)).toBe(false);
  });
});
