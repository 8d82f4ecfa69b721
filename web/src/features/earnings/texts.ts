import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** EARNINGS_NS is the namespace of the revenue and asset screens' texts. */
export const EARNINGS_NS = 'earnings';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useEarningsTexts gives the earnings screens' t once their texts are in (ready). */
export function useEarningsTexts() {
  return useFeatureTexts(EARNINGS_NS, load);
}
