// Per-feature texts: a feature with long texts (tutorials, the home page's services)
// keeps them in its own locales/{lang}.json, loaded with the feature's chunk as an
// i18next namespace, so the first page never downloads every tutorial in every language.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, i18n } from './i18n';
import type { Lang } from './language';

/** Texts is one locale file's tree. */
export type Texts = Record<string, unknown>;

/** TextLoader gives a feature's texts in one language. */
export type TextLoader = (lang: Lang) => Promise<Texts>;

/**
 * globLoader turns `import.meta.glob('./locales/*.json')` into a TextLoader; a missing
 * file is an error (the locale test checks every language has one).
 */
export function globLoader(files: Record<string, () => Promise<unknown>>): TextLoader {
  return async (lang) => {
    const entry = Object.entries(files).find(([path]) => path.endsWith(`/${lang}.json`));
    if (!entry) throw new Error(`i18n: no ${lang}.json among ${Object.keys(files).join(', ')}`);
    return ((await entry[1]()) as { default: Texts }).default;
  };
}

const pending = new Map<string, Promise<void>>();
// loaded are the namespaces whose texts are in, by language: i18next's hasResourceBundle
// also says yes for the empty bundle its backend gives a feature namespace (i18n.ts).
const loaded = new Set<string>();

/** featureTextsLoaded tells whether the namespace's texts in lang are in. */
function featureTextsLoaded(ns: string, lang: Lang): boolean {
  return loaded.has(`${lang}/${ns}`);
}

/** loadFeatureTexts adds the namespace's texts in lang to i18next (once per language). */
export function loadFeatureTexts(ns: string, load: TextLoader, lang: Lang = currentLang()): Promise<void> {
  const key = `${lang}/${ns}`;
  if (loaded.has(key)) return Promise.resolve();
  let p = pending.get(key);
  if (!p) {
    p = load(lang).then(
      (texts) => {
        i18n.addResourceBundle(lang, ns, texts, true, true);
        loaded.add(key);
      },
      (err: unknown) => {
        pending.delete(key); // a later render may try again (a chunk that failed to download)
        throw err;
      },
    );
    pending.set(key, p);
  }
  return p;
}

/**
 * useFeatureTexts loads the namespace and gives its t and whether the texts are in;
 * render a loader until ready is true. A load failure is thrown to the route's error
 * boundary, which reloads once like any chunk that failed to load.
 */
export function useFeatureTexts(ns: string, load: TextLoader) {
  const lang = currentLang();
  const [ready, setReady] = useState(() => featureTextsLoaded(ns, lang));
  const [error, setError] = useState<unknown>(null);
  const { t } = useTranslation(ns);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadFeatureTexts(ns, load, lang).then(
      () => live && setReady(true),
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [ns, load, lang, ready]);
  if (error) throw error;
  return { t, ready, lang };
}
