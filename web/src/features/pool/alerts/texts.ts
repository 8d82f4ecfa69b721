import { globLoader, useFeatureTexts } from '@/lib/feature-texts';
import { usePoolTexts } from '../texts';

/** ALERTS_NS is the namespace of the alert settings screen's texts. */
export const ALERTS_NS = 'poolAlerts';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useAlertTexts gives the alert screen's t, pool mode's shared tp, and ready. */
export function useAlertTexts() {
  const pool = usePoolTexts();
  const own = useFeatureTexts(ALERTS_NS, load);
  return { t: own.t, tp: pool.t, ready: pool.ready && own.ready };
}
