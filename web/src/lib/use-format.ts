import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFor, type Format } from './format';

/** useFormat gives the writers of lib/format bound to the app's current language. */
export function useFormat(timeZone?: string): Format {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => formatFor(lang, timeZone), [lang, timeZone]);
}
