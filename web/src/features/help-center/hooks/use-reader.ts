import { useTranslation } from 'react-i18next';
import { isLang, type Lang } from '@/lib/language';
import { useSession } from '@/lib/use-session';
import type { Reader } from '../api/keys';

/** HelpReader is who reads the help centre: language, account and whether logged in. */
export interface HelpReader extends Reader {
  lang: Lang;
  account: string;
  loggedIn: boolean;
}

/** useReader gives the reader of the help centre, following language and login changes. */
export function useReader(): HelpReader {
  const { i18n } = useTranslation();
  const { token, user } = useSession();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'zh_HK';
  const account = token ? String(user?.uid ?? user?.id ?? 'user') : '';
  return { lang, account, loggedIn: Boolean(token) };
}
