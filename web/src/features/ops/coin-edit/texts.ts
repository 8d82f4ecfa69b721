// The coin editing page's texts: their own namespace (./locales), loaded with the page.
import { globLoader } from '@/lib/feature-texts';

/** COIN_EDIT_NS is the page's i18next namespace. */
export const COIN_EDIT_NS = 'opsCoinEdit';

/** coinEditTexts loads the page's texts in one language. */
export const coinEditTexts = globLoader(import.meta.glob('./locales/*.json'));
