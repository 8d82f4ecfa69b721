import { useTranslation } from 'react-i18next';
import { isLang, type Lang } from '@/lib/language';

/** useLang gives the language in use, re-rendering when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : 'zh_HK';
}
