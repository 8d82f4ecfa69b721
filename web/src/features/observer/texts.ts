import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** OBSERVER_NS is the namespace of the observer-link manager's texts. */
export const OBSERVER_NS = 'observer';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useObserverTexts gives the manager's t once its texts are in (ready). */
export function useObserverTexts() {
  return useFeatureTexts(OBSERVER_NS, load);
}
