import { globLoader } from '@/lib/feature-texts';
import { usePoolScreenTexts } from '../texts';

/** DEVICES_NS is the namespace of the device screens' texts. */
export const DEVICES_NS = 'poolDevices';

const load = globLoader(import.meta.glob('./locales/*.json'));

/** useDeviceTexts gives the device screens' t, pool mode's shared tp, and ready. */
export function useDeviceTexts() {
  return usePoolScreenTexts(DEVICES_NS, load);
}
