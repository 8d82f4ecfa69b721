// The numbers the Uniplus OS page states (SPEC.md sections 4, 5 and 9; DESIGN.md "Mining").
// They stay here, not in the locale files, so every language shows the same figures.

/** osFacts are the figures of the OS page. */
export const osFacts = {
  /** reportMinutes: the OS reports GPU telemetry this often. */
  reportMinutes: 1,
  /** bindMinutes: after binding, initialization takes about this long. */
  bindMinutes: [5, 10] as const,
  /** coreStep: an overclock core frequency is a multiple of this. */
  coreStep: 15,
  /** offlineRemoveDays: a device offline longer than this is removed. */
  offlineRemoveDays: 3,
  /** bootDiskGb: the smallest boot disk. */
  bootDiskGb: 8,
  /** ubuntu: the releases the manager installer runs on. */
  ubuntu: ['20.04', '22.04'] as const,
  /** aleoSolo: the Aleo solo rig minimums. */
  aleoSolo: { cores: 16, ramGb: 16, diskGb: 128, mbps: 10 },
} as const;
