import { globLoader } from '@/lib/feature-texts';
import { usePoolScreenTexts } from '../texts';

/** OVERCLOCK_NS is the namespace of the overclocking screens' texts. */
export const OVERCLOCK_NS = 'poolOverclock';

const loadOverclockTexts = globLoader(import.meta.glob('./locales/*.json'));

/**
 * useOverclockTexts gives the overclock screens' t, pool mode's shared tp (statuses,
 * common buttons) and whether both are in (ready).
 */
export function useOverclockTexts() {
  return usePoolScreenTexts(OVERCLOCK_NS, loadOverclockTexts);
}
