import { poolKeys } from '../../api/keys';

/** overclockKeys are the overclock queries, under poolKeys.overclock(). */
export const overclockKeys = {
  all: poolKeys.overclock,
  templates: () => [...poolKeys.overclock(), 'templates'] as const,
  templatePage: (page: number, pageSize: number, coin: string) => [...overclockKeys.templates(), page, pageSize, coin] as const,
  status: () => [...poolKeys.overclock(), 'status'] as const,
  statusOf: (ids: readonly number[]) => [...overclockKeys.status(), ids.join(',')] as const,
  /** pickerDevices sit under poolKeys.devices() so every device change refreshes them. */
  pickerDevices: (q: object) => [...poolKeys.devices(), 'overclock-picker', q] as const,
};
