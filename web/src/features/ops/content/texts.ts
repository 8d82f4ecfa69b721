// The content pages' texts: their own namespace (./locales), loaded with the page.
import { globLoader } from '@/lib/feature-texts';

/** CONTENT_NS is the content pages' i18next namespace. */
export const CONTENT_NS = 'opsContent';

/** contentTexts loads the content pages' texts in one language. */
export const contentTexts = globLoader(import.meta.glob('./locales/*.json'));
