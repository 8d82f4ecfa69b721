// What both entries do (the site's main.tsx, the console's ops-main.tsx): the theme's CSS
// variables, the stored language (else the browser's), then the app, rendered even when
// its texts failed to load.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyCssVariables } from '@/config/theme';
import { initI18n } from '@/lib/i18n';
import { initialLang, type Lang } from '@/lib/language';
import { local, localKeys } from '@/lib/storage';

/** startApp renders app into #root once the texts are in; more loads an entry's own texts first. */
export function startApp(app: ReactNode, more?: (lang: Lang) => Promise<unknown>) {
  applyCssVariables();
  const root = createRoot(document.getElementById('root')!);
  const render = () => root.render(<StrictMode>{app}</StrictMode>);
  const lang = initialLang(local.get(localKeys.lang), navigator.language);
  initI18n(lang)
    .then(() => more?.(lang))
    .then(render, render);
}
