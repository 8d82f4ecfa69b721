import { globLoader, useFeatureTexts } from '@/lib/feature-texts';
import { OVERCLOCK_NS } from '../overclock/texts';
import { usePoolScreenTexts } from '../texts';

/** MACHINE_NS is the namespace of the device detail and GPU pages' texts. */
export const MACHINE_NS = 'poolMachine';

const loadMachineTexts = globLoader(import.meta.glob('./locales/*.json'));
const loadOverclockTexts = globLoader(import.meta.glob('../overclock/locales/*.json'));

/**
 * useMachineTexts gives the device pages' t, pool mode's shared tp, the overclock texts'
 * to (state and setting names for the device's overclock card), and whether all are in.
 */
export function useMachineTexts() {
  const own = usePoolScreenTexts(MACHINE_NS, loadMachineTexts);
  const oc = useFeatureTexts(OVERCLOCK_NS, loadOverclockTexts);
  return { ...own, to: oc.t, ready: own.ready && oc.ready };
}
