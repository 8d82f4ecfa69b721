// i18next set up with the four locale files, each loaded only when needed.
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { htmlLang, isLang, type Lang } from './language';
import { local, localKeys } from './storage';

/** APP_NS is the namespace of the app-wide texts (src/locales). */
const APP_NS = 'translation';

type LocaleModule = { default: Record<string, unknown> };
const loaders = import.meta.glob<LocaleModule>('../locales/*.json');

/** loadLocale gives the texts of one language. */
export async function loadLocale(lang: Lang): Promise<Record<string, unknown>> {
  const load = loaders[`../locales/${lang}.json`];
  if (!load) throw new Error(`i18n: no locale file for ${lang}`);
  return (await load()).default;
}

/**
 * localeBackend gives i18next the app's texts for its own namespace (translation). A
 * feature's namespace (feature-texts.ts) gets nothing here: its texts are added with its
 * chunk, and a key it lacks is read from the app's texts (fallbackNS). Answering a feature
 * namespace with the app's texts let one overwrite the other: i18next keeps the answer's
 * nested objects as they are, so a feature's `common.copied` deep-merged into them changed
 * the app's, or the answer, arriving after the feature's texts, replaced its `common`.
 */
const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (namespace !== APP_NS) {
      callback(null, {});
      return;
    }
    if (!isLang(language)) {
      callback(new Error(`i18n: unknown language ${language}`), false);
      return;
    }
    loadLocale(language).then(
      (texts) => callback(null, texts as never),
      (err: Error) => callback(err, false),
    );
  },
};

let ready: Promise<unknown> | null = null;

/** initI18n loads lang's texts and starts i18next with it (once). */
export function initI18n(lang: Lang): Promise<unknown> {
  ready ??= i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: ['zh_CN', 'zh_HK', 'en_US', 'ko_KR'],
      load: 'currentOnly',
      ns: [APP_NS],
      defaultNS: APP_NS,
      fallbackNS: APP_NS,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
      showSupportNotice: false,
    })
    .then(() => applyDocumentLang(lang));
  return ready;
}

/** applyDocumentLang sets <html lang> for the language. */
export function applyDocumentLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(lang);
}

/** currentLang gives the language in use. */
export function currentLang(): Lang {
  const lng = i18n.language;
  return isLang(lng) ? lng : 'zh_HK';
}

/** t translates outside React. */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options ?? {}) as string;
}

export { i18n };

/** chooseLanguage stores the visitor's language and reloads the page in it (SPEC.md section 2). */
export function chooseLanguage(lang: Lang, reload: () => void = () => window.location.reload()): void {
  local.set(localKeys.lang, lang);
  reload();
}
