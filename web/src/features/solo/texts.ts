import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** SOLO_NS is the namespace of the solo pages' texts. */
export const SOLO_NS = 'solo';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useSoloTexts gives the solo pages' t once their texts are in (ready). */
export function useSoloTexts() {
  return useFeatureTexts(SOLO_NS, load);
}
