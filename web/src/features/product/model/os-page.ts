// What the OS page lists: its features and install steps, with the figures their texts
// take (model/os-facts.ts). Each layout draws its own icon per key.
import { osFacts as f } from './os-facts';

/** OS_BIND is the binding window the texts quote, in minutes. */
export const OS_BIND = { from: f.bindMinutes[0], to: f.bindMinutes[1] };

export type OsFeatureKey = 'boot' | 'telemetry' | 'overclock' | 'status' | 'binding' | 'cleanup';

/** OS_FEATURES are the feature cards in order, with their texts' values. */
export const OS_FEATURES: Array<{ key: OsFeatureKey; values?: Record<string, number> }> = [
  { key: 'boot' },
  { key: 'telemetry' },
  { key: 'overclock', values: { step: f.coreStep } },
  { key: 'status' },
  { key: 'binding', values: OS_BIND },
  { key: 'cleanup', values: { days: f.offlineRemoveDays } },
];

/** OS_STEPS are the install steps in order, with their texts' values. */
export const OS_STEPS: Array<{ key: string; values?: Record<string, number> }> = [
  { key: 'one', values: { n: f.bootDiskGb } },
  { key: 'two' },
  { key: 'three', values: OS_BIND },
  { key: 'four' },
];

/** OS_SOLO_MINIMUMS are the Aleo solo rig's minimums, in the order the page lists them. */
export const OS_SOLO_MINIMUMS: Array<{ key: 'cpu' | 'ram' | 'disk' | 'network'; value: number; unit?: string }> = [
  { key: 'cpu', value: f.aleoSolo.cores },
  { key: 'ram', value: f.aleoSolo.ramGb, unit: 'GB' },
  { key: 'disk', value: f.aleoSolo.diskGb, unit: 'GB' },
  { key: 'network', value: f.aleoSolo.mbps, unit: 'Mbps' },
];
