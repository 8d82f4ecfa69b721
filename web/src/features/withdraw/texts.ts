import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** WITHDRAW_NS is the namespace of the address book, settings and withdrawal texts. */
export const WITHDRAW_NS = 'withdraw';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useWithdrawTexts gives the withdrawal screens' t once their texts are in (ready). */
export function useWithdrawTexts() {
  return useFeatureTexts(WITHDRAW_NS, load);
}
