import { globLoader, useFeatureTexts } from '@/lib/feature-texts';
import { usePoolTexts } from '../texts';

/** DEVICES_NS is the namespace of the device screens' texts. */
export const DEVICES_NS = 'poolDevices';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useDeviceTexts gives the device screens' t, pool mode's shared tp, and ready. */
export function useDeviceTexts() {
  const pool = usePoolTexts();
  const own = useFeatureTexts(DEVICES_NS, load);
  return { t: own.t, tp: pool.t, ready: pool.ready && own.ready };
}
