import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** EXPLORER_NS is the namespace of the explorer's texts. */
export const EXPLORER_NS = 'explorer';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useExplorerTexts gives the explorer's t once its texts are in (ready). */
export function useExplorerTexts() {
  return useFeatureTexts(EXPLORER_NS, load);
}
