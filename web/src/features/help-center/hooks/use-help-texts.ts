import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** HELP_NS is the i18next namespace of the help centre's own texts. */
export const HELP_NS = 'help-center';

const load = globLoader(import.meta.glob('../locales/*.json'));

/** useHelpTexts loads the help centre's texts; render a loader until ready. */
export function useHelpTexts() {
  return useFeatureTexts(HELP_NS, load);
}
