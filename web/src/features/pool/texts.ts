import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** POOL_NS is the namespace of the texts every pool-mode screen shares (statuses, switchers, empty states). */
export const POOL_NS = 'pool';

const loadPoolTexts = globLoader(import.meta.glob('./locales/*.json'));

/** usePoolTexts gives pool mode's shared t once its texts are in (ready). */
export function usePoolTexts() {
  return useFeatureTexts(POOL_NS, loadPoolTexts);
}
