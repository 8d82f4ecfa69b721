import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** MOBILE_HOME_NS is the namespace of the texts only the phone's home pages show. */
export const MOBILE_HOME_NS = 'mobileHome';

const loadMobileHomeTexts = globLoader(import.meta.glob('./locales/*.json'));

/** useMobileHomeTexts gives the mobile home's own t once its texts are in (ready). */
export function useMobileHomeTexts() {
  return useFeatureTexts(MOBILE_HOME_NS, loadMobileHomeTexts);
}
