import { globLoader } from '@/lib/feature-texts';
import { usePoolScreenTexts } from '../texts';

/** ALERTS_NS is the namespace of the alert settings screen's texts. */
export const ALERTS_NS = 'poolAlerts';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useAlertTexts gives the alert screen's t, pool mode's shared tp, and ready. */
export function useAlertTexts() {
  return usePoolScreenTexts(ALERTS_NS, load);
}
