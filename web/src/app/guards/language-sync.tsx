import { useEffect } from 'react';
import { useLanguageList } from '@/features/language/api/get-language-list';
import { applyDocumentLang, i18n } from '@/lib/i18n';
import { LANG_COMMIT_DELAY_MS, resolveLang } from '@/lib/language';
import { local, localKeys } from '@/lib/storage';

/**
 * LanguageSync commits the language 50 ms after the server's language list has
 * loaded: a stored language the server does not offer falls back to its first.
 */
export function LanguageSync() {
  const { data, isFetched } = useLanguageList();
  useEffect(() => {
    if (!isFetched) return undefined;
    const timer = setTimeout(() => {
      const lang = resolveLang(local.get(localKeys.lang), data, navigator.language);
      // A failed or empty list proves nothing about the stored choice: keep it.
      if (data && data.length > 0 && local.get(localKeys.lang) !== lang) local.set(localKeys.lang, lang);
      if (i18n.language !== lang) void i18n.changeLanguage(lang).then(() => applyDocumentLang(lang));
      else applyDocumentLang(lang);
    }, LANG_COMMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isFetched, data]);
  return null;
}
