// The console's texts: the ops namespace (src/features/ops/locales), loaded with the
// console's entry before its first render.
import { globLoader } from '@/lib/feature-texts';

/** OPS_NS is the console's i18next namespace. */
export const OPS_NS = 'ops';

/** opsTexts loads the console's texts in one language. */
export const opsTexts = globLoader(import.meta.glob('./locales/*.json'));
