import { describe, expect, it } from 'vitest';
import { htmlLang, initialLang, langFromNavigator, languageMenu, resolveLang } from './language';

const serverList = [
  { lang: 'zh_CN', des: '简体中文' },
  { lang: 'zh_HK', des: '繁體中文' },
  { lang: 'en_US', des: 'English' },
  { lang: 'ko_KR', des: '한국어' },
];

describe('langFromNavigator', () => {
  it.each([
    ['zh', 'zh_CN'],
    ['zh-CN', 'zh_CN'],
    ['zh-cn', 'zh_CN'],
    ['zh-SG', 'zh_CN'],
    ['zh-Hans-CN', 'zh_CN'],
    ['zh-TW', 'zh_HK'],
    ['zh-HK', 'zh_HK'],
    ['zh-MO', 'zh_HK'],
    ['zh-Hant', 'zh_HK'],
    ['zh-Hant-TW', 'zh_HK'],
    ['en', 'en_US'],
    ['en-US', 'en_US'],
    ['en-GB', 'en_US'],
    ['ko', 'ko_KR'],
    ['ko-KR', 'ko_KR'],
    ['fr-FR', 'zh_HK'],
    ['ja', 'zh_HK'],
    ['', 'zh_HK'],
    [undefined, 'zh_HK'],
  ])('%s gives %s', (tag, want) => {
    expect(langFromNavigator(tag)).toBe(want);
  });
});

describe('initialLang', () => {
  it('prefers a valid stored language', () => {
    expect(initialLang('ko_KR', 'en-US')).toBe('ko_KR');
  });
  it('ignores an unknown stored language and uses the browser', () => {
    expect(initialLang('fr_FR', 'en-US')).toBe('en_US');
    expect(initialLang(null, 'zh-TW')).toBe('zh_HK');
  });
});

describe('resolveLang', () => {
  it('keeps a stored language the server offers', () => {
    expect(resolveLang('en_US', serverList, 'ko-KR')).toBe('en_US');
  });
  it('falls back to the first listed when the stored one is not offered', () => {
    expect(resolveLang('fr_FR', serverList, 'en-US')).toBe('zh_CN');
    expect(resolveLang('ko_KR', [{ lang: 'en_US', des: 'English' }, { lang: 'zh_HK', des: '' }], undefined)).toBe('en_US');
  });
  it('uses the browser language when nothing is stored', () => {
    expect(resolveLang(null, serverList, 'ko-KR')).toBe('ko_KR');
    expect(resolveLang('', serverList, 'de-DE')).toBe('zh_HK');
  });
  it('falls back to the first listed when the browser language is not offered', () => {
    expect(resolveLang(null, [{ lang: 'en_US', des: 'English' }], 'ko-KR')).toBe('en_US');
  });
  it('changes nothing when the list is empty or failed', () => {
    expect(resolveLang('ko_KR', [], 'en-US')).toBe('ko_KR');
    expect(resolveLang('ko_KR', undefined, 'en-US')).toBe('ko_KR');
    expect(resolveLang('xx', undefined, 'en-US')).toBe('en_US');
  });
});

describe('htmlLang and languageMenu', () => {
  it('maps to BCP 47 tags', () => {
    expect(htmlLang('zh_CN')).toBe('zh-CN');
    expect(htmlLang('zh_HK')).toBe('zh-HK');
    expect(htmlLang('en_US')).toBe('en');
    expect(htmlLang('ko_KR')).toBe('ko');
  });
  it('offers the server list, or all four when it is empty', () => {
    expect(languageMenu([{ lang: 'en_US', des: 'English' }, { lang: 'xx', des: 'X' }])).toEqual([
      { lang: 'en_US', label: 'English' },
    ]);
    expect(languageMenu([]).map((e) => e.lang)).toEqual(['zh_CN', 'zh_HK', 'en_US', 'ko_KR']);
  });
});
