import { globLoader } from '@/lib/feature-texts';
import { usePoolScreenTexts } from '../texts';

/** SUB_ACCOUNTS_NS is the namespace of the sub-account screens' texts. */
export const SUB_ACCOUNTS_NS = 'poolSubAccounts';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useSubAccountTexts gives the sub-account screens' t, pool mode's shared tp, and ready. */
export function useSubAccountTexts() {
  return usePoolScreenTexts(SUB_ACCOUNTS_NS, load);
}
