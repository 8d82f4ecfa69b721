import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** POOL_NS is the namespace of the texts every pool-mode screen shares (statuses, switchers, empty states). */
export const POOL_NS = 'pool';

const loadPoolTexts = globLoader(import.meta.glob('./locales/*.json'));

/** usePoolTexts gives pool mode's shared t once its texts are in (ready). */
export function usePoolTexts() {
  return useFeatureTexts(POOL_NS, loadPoolTexts);
}

/** startSteps are the start-mining empty state's three steps, in pool mode's shared texts. */
export function startSteps(tp: (key: string, options?: Record<string, unknown>) => string): [string, string, string] {
  return [tp('start.step1'), tp('start.step2', { example: 'code.rig01' }), tp('start.step3')];
}
