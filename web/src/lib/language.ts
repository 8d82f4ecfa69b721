// Interface language rules (SPEC.md section 4).

/** LANGS are the interface languages, in the order of the server's list. */
export const LANGS = ['zh_CN', 'zh_HK', 'en_US', 'ko_KR'] as const;
/** Lang is one interface language code. */
export type Lang = (typeof LANGS)[number];

/** FALLBACK_LANG is used for a browser language we do not speak. */
export const FALLBACK_LANG: Lang = 'zh_HK';

/** LanguageEntry is one row of the server's language list. */
export interface LanguageEntry {
  lang: string;
  des: string;
}

/** isLang reports whether value is a language code this app has texts for. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * langFromNavigator maps a browser language tag to ours: zh and zh-CN give
 * Simplified Chinese, zh-TW, zh-HK, zh-MO and zh-Hant Traditional, en English,
 * ko Korean, anything else Traditional Chinese.
 */
export function langFromNavigator(tag: string | undefined | null): Lang {
  const t = (tag ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (t === 'zh' || t.startsWith('zh-')) {
    if (/^zh-(tw|hk|mo|hant)(-|$)/.test(t)) return 'zh_HK';
    return 'zh_CN';
  }
  if (t === 'en' || t.startsWith('en-')) return 'en_US';
  if (t === 'ko' || t.startsWith('ko-')) return 'ko_KR';
  return FALLBACK_LANG;
}

/**
 * initialLang is the language to start rendering with, before the server's list
 * is known: a valid stored choice, else the browser's.
 */
export function initialLang(stored: string | null | undefined, navigatorTag: string | undefined): Lang {
  return isLang(stored) ? stored : langFromNavigator(navigatorTag);
}

/**
 * resolveLang is the language to commit once the server's list is loaded: the
 * stored choice (or the browser's) when the server offers it, else the first
 * listed language. An empty or failed list changes nothing.
 */
export function resolveLang(
  stored: string | null | undefined,
  serverList: readonly LanguageEntry[] | undefined,
  navigatorTag: string | undefined,
): Lang {
  const wanted = stored || langFromNavigator(navigatorTag);
  const offered = (serverList ?? []).map((e) => e.lang).filter(isLang);
  if (offered.length === 0) return isLang(wanted) ? wanted : langFromNavigator(navigatorTag);
  return (offered as string[]).includes(wanted) ? (wanted as Lang) : offered[0]!;
}

/** htmlLang gives the BCP 47 tag for <html lang>. */
export function htmlLang(lang: Lang): string {
  switch (lang) {
    case 'zh_CN':
      return 'zh-CN';
    case 'zh_HK':
      return 'zh-HK';
    case 'en_US':
      return 'en';
    case 'ko_KR':
      return 'ko';
  }
}

/** LANG_COMMIT_DELAY_MS is how long after load the language setting is committed. */
export const LANG_COMMIT_DELAY_MS = 50;

/** LANG_NATIVE_NAMES name each language in itself, for menus when the server's list is missing. */
export const LANG_NATIVE_NAMES: Record<Lang, string> = {
  zh_CN: '简体中文',
  zh_HK: '繁體中文',
  en_US: 'English',
  ko_KR: '한국어',
};

/** languageMenu gives the languages to offer: the server's list, or all of ours when it is empty. */
export function languageMenu(serverList: readonly LanguageEntry[] | undefined): Array<{ lang: Lang; label: string }> {
  const offered = (serverList ?? []).filter((e) => isLang(e.lang));
  if (offered.length === 0) return LANGS.map((lang) => ({ lang, label: LANG_NATIVE_NAMES[lang] }));
  return offered.map((e) => ({ lang: e.lang as Lang, label: e.des || LANG_NATIVE_NAMES[e.lang as Lang] }));
}
