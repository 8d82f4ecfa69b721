import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** HOME_NS is the namespace of the home page's own texts (banner, services, process, contact). */
export const HOME_NS = 'home';

const loadHomeTexts = globLoader(import.meta.glob('./locales/*.json'));

/** useHomeTexts gives the home page's t once its texts are in (ready). */
export function useHomeTexts() {
  return useFeatureTexts(HOME_NS, loadHomeTexts);
}
