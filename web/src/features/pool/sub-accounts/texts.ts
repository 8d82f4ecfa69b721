import { globLoader, useFeatureTexts } from '@/lib/feature-texts';
import { usePoolTexts } from '../texts';

/** SUB_ACCOUNTS_NS is the namespace of the sub-account screens' texts. */
export const SUB_ACCOUNTS_NS = 'poolSubAccounts';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useSubAccountTexts gives the sub-account screens' t, pool mode's shared tp, and ready. */
export function useSubAccountTexts() {
  const pool = usePoolTexts();
  const own = useFeatureTexts(SUB_ACCOUNTS_NS, load);
  return { t: own.t, tp: pool.t, ready: pool.ready && own.ready };
}
