import { globLoader, useFeatureTexts, type TextLoader } from '@/lib/feature-texts';

/** POOL_NS is the namespace of the texts every pool-mode screen shares (statuses, switchers, empty states). */
export const POOL_NS = 'pool';

const loadPoolTexts = globLoader(import.meta.glob('./locales/*.json'));

/** usePoolTexts gives pool mode's shared t once its texts are in (ready). */
export function usePoolTexts() {
  return useFeatureTexts(POOL_NS, loadPoolTexts);
}

/**
 * usePoolScreenTexts gives a pool-mode screen's own t (namespace ns, loaded by load), pool
 * mode's shared tp, the language, and whether both are in (ready).
 */
export function usePoolScreenTexts(ns: string, load: TextLoader) {
  const pool = usePoolTexts();
  const own = useFeatureTexts(ns, load);
  return { t: own.t, tp: pool.t, ready: pool.ready && own.ready, lang: own.lang };
}

/** startSteps are the start-mining empty state's three steps, in pool mode's shared texts. */
export function startSteps(tp: (key: string, options?: Record<string, unknown>) => string): [string, string, string] {
  return [tp('start.step1'), tp('start.step2', { example: 'code.rig01' }), tp('start.step3')];
}
