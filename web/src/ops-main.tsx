// The operator console's entry (web/ops.html): served only on poold's --admin-http
// listener (docs/operations.md). The same build as the site, its own route tree, and the
// console's texts loaded before it shows.
import { OpsApp } from './app/routes/ops/app';
import { startApp } from './app/start';
import { opsTexts, OPS_NS } from './features/ops/texts';
import { loadFeatureTexts } from './lib/feature-texts';

startApp(<OpsApp />, (lang) => loadFeatureTexts(OPS_NS, opsTexts, lang));
