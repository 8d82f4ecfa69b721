import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** TWO_FACTOR_NS is the namespace of the two-factor sign-in texts (account page and login step). */
export const TWO_FACTOR_NS = 'twoFactor';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useTwoFactorTexts gives the two-factor screens' t once their texts are in (ready). */
export function useTwoFactorTexts() {
  return useFeatureTexts(TWO_FACTOR_NS, load);
}
