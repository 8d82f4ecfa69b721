// The operator console's entry (web/ops.html): served only on poold's --admin-http
// listener (docs/operations.md). The same build as the site, its own route tree.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OpsApp } from './app/routes/ops/app';
import { applyCssVariables } from './config/theme';
import { opsTexts, OPS_NS } from './features/ops/texts';
import { loadFeatureTexts } from './lib/feature-texts';
import { initI18n } from './lib/i18n';
import { initialLang } from './lib/language';
import { local, localKeys } from './lib/storage';

applyCssVariables();

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <OpsApp />
    </StrictMode>,
  );

const lang = initialLang(local.get(localKeys.lang), navigator.language);
initI18n(lang)
  .then(() => loadFeatureTexts(OPS_NS, opsTexts, lang))
  .then(render, render);
