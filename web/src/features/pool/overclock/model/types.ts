// Overclocking's shapes (internal/overclock: handlers.go, rules.go; SPEC sections 3 and 5).
import type { DeviceRow } from '../../model/device';

/** GpuCategory is the GPU vendor a template is for: it decides the tool and the scale of the values. */
export type GpuCategory = 'NVIDIA' | 'AMD';
export const GPU_CATEGORIES: GpuCategory[] = ['NVIDIA', 'AMD'];

/** SETTING_KEYS are a template's six values in display order (SPEC section 3 "Overclock template"). */
export const SETTING_KEYS = ['coreClock', 'coreClockLock', 'memClock', 'memClockLock', 'power', 'fan'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/**
 * OverclockSettings are the six values, null when unset. Clocks are MHz, power W, fan %.
 * coreClock and memClock are offsets, the locks locked clocks (0 = no lock); memory values
 * are double what a tuning tool shows; power 0 is the factory limit, fan 0 automatic.
 */
export type OverclockSettings = Record<SettingKey, number | null>;

/** OverclockTemplate is a saved template as the list gives it. */
export interface OverclockTemplate extends OverclockSettings {
  id: number;
  name: string;
  coin: string;
  gpuCategory: GpuCategory;
  createdAt: number;
  updatedAt: number;
}

/** TemplateInput is what create and edit send. */
export interface TemplateInput extends OverclockSettings {
  name: string;
  coin: string;
  gpuCategory: GpuCategory;
}

/** OverclockState is a device's latest request: none (never sent anything), pending, applied or failed. */
export type OverclockState = 'none' | 'pending' | 'applied' | 'failed';

/** DeviceOverclock is a device's overclock state (GET /pc/v1/pool/overclock/device/status). */
export interface DeviceOverclock {
  deviceId: number;
  worker: string;
  coin: string;
  state: OverclockState;
  factory: boolean;
  templateId: number | null;
  templateName: string;
  settings: OverclockSettings;
  message: string;
  version: number;
  requestedAt: number;
  acknowledgedAt: number;
}

/** PickerDevice is a device row as the device picker shows it (GET /pc/v1/pool/device/list). */
export type PickerDevice = Pick<
  DeviceRow,
  'id' | 'code' | 'worker' | 'subAccount' | 'coin' | 'alias' | 'kind' | 'status' | 'realTimeHashRate' | 'lastUpdateTime'
> & Partial<Pick<DeviceRow, 'initialising'>>;
