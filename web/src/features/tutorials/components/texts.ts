import { globLoader, useFeatureTexts, type Texts } from '@/lib/feature-texts';

/** TUTORIAL_NS is the i18next namespace of the tutorial texts. */
export const TUTORIAL_NS = 'tutorials';

const load = globLoader(import.meta.glob<{ default: Texts }>('../locales/*.json'));

/** useTutorialTexts loads the tutorial texts in the current language. */
export function useTutorialTexts() {
  return useFeatureTexts(TUTORIAL_NS, load);
}
