import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyCssVariables } from './config/theme';
import { initI18n } from './lib/i18n';
import { initialLang } from './lib/language';
import { local, localKeys } from './lib/storage';

applyCssVariables();

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// Start in the stored language, else the browser's; LanguageSync checks it against the server's list.
initI18n(initialLang(local.get(localKeys.lang), navigator.language)).then(render, render);
