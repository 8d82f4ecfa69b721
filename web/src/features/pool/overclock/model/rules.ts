// The template rules of the server (internal/overclock/rules.go, SPEC section 5), so the
// form says what is wrong before it is sent. The server checks again and its refusal is
// shown beside the form as well.
import { GPU_CATEGORIES, SETTING_KEYS, type GpuCategory, type OverclockSettings, type OverclockTemplate, type SettingKey, type TemplateInput } from './types';

/** NAME_MAX is a template name's length in characters. */
export const NAME_MAX = 20;
/** CLOCK_STEP: both core values are multiples of it (SPEC "core frequency divisible by 15"). */
export const CLOCK_STEP = 15;

/** SettingRule is one value's range and step (0: any whole number). */
export interface SettingRule {
  min: number;
  max: number;
  step: number;
}

/** SETTING_RULES are the server's bounds (internal/overclock/rules.go bounds()). */
export const SETTING_RULES: Record<SettingKey, SettingRule> = {
  coreClock: { min: -5000, max: 5000, step: CLOCK_STEP },
  coreClockLock: { min: 0, max: 5000, step: CLOCK_STEP },
  memClock: { min: -10000, max: 10000, step: 0 },
  memClockLock: { min: 0, max: 30000, step: 0 },
  power: { min: 0, max: 1000, step: 0 },
  fan: { min: 0, max: 100, step: 0 },
};

/** TemplateForm is the form as typed: every value a string. */
export interface TemplateForm extends Record<SettingKey, string> {
  name: string;
  coin: string;
  gpuCategory: string;
}

/** FormField is a field of the form; settings is the "at least one value" rule. */
export type FormField = keyof TemplateForm | 'settings';

/** RuleError is a message key of the overclock texts (rules.*) and its parameters. */
export interface RuleError {
  key: string;
  params?: Record<string, string | number>;
}

export type FormErrors = Partial<Record<FormField, RuleError>>;

/** emptyForm starts a new template: NVIDIA, on coin when given, no values. */
export function emptyForm(coin = ''): TemplateForm {
  return { name: '', coin, gpuCategory: 'NVIDIA', coreClock: '', coreClockLock: '', memClock: '', memClockLock: '', power: '', fan: '' };
}

/** formOf fills the form from a saved template. */
export function formOf(t: OverclockTemplate): TemplateForm {
  const out = emptyForm(t.coin);
  out.name = t.name;
  out.gpuCategory = t.gpuCategory;
  for (const k of SETTING_KEYS) out[k] = t[k] === null ? '' : String(t[k]);
  return out;
}

const INTEGER = /^[+-]?\d+$/;

/**
 * parseSetting reads a typed value: '' is unset (null), a whole number (a leading + or - is
 * fine: tuning tools show offsets as +500) is its value, anything else is invalid.
 */
export function parseSetting(text: string): { ok: true; value: number | null } | { ok: false } {
  const s = text.trim();
  if (s === '') return { ok: true, value: null };
  if (!INTEGER.test(s)) return { ok: false };
  const value = Number(s);
  return Number.isSafeInteger(value) ? { ok: true, value: value === 0 ? 0 : value } : { ok: false };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /\p{Cc}/u;

/** checkSetting applies one value's rule: a whole number within its range, a multiple of its step. */
export function checkSetting(key: SettingKey, text: string): RuleError | undefined {
  const parsed = parseSetting(text);
  if (!parsed.ok) return { key: 'rules.notInteger' };
  if (parsed.value === null) return undefined;
  const rule = SETTING_RULES[key];
  if (parsed.value < rule.min || parsed.value > rule.max) return { key: 'rules.outOfRange', params: { min: rule.min, max: rule.max } };
  if (rule.step !== 0 && parsed.value % rule.step !== 0) return { key: 'rules.clockStep', params: { step: rule.step } };
  return undefined;
}

/**
 * checkTemplate gives every rule the form breaks, by field: name required, at most
 * NAME_MAX characters, no control characters; a coin that allows overclocking (when
 * overclockCoins is given); a known GPU category; each value's rule; at least one of the
 * six values set. An empty object means the server would take it (save for a name
 * already used on that coin, which only the server knows).
 */
export function checkTemplate(form: TemplateForm, overclockCoins?: readonly string[]): FormErrors {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = { key: 'rules.nameRequired' };
  else if (Array.from(name).length > NAME_MAX) errors.name = { key: 'rules.nameTooLong', params: { max: NAME_MAX } };
  else if (CONTROL.test(name)) errors.name = { key: 'rules.nameInvalid' };

  const coin = form.coin.trim();
  if (coin === '') errors.coin = { key: 'rules.coinRequired' };
  else if (overclockCoins && !overclockCoins.includes(coin)) errors.coin = { key: 'rules.coinNoOverclock', params: { coin } };

  if (form.gpuCategory === '') errors.gpuCategory = { key: 'rules.gpuRequired' };
  else if (!GPU_CATEGORIES.includes(form.gpuCategory as GpuCategory)) errors.gpuCategory = { key: 'rules.gpuUnknown' };

  let set = false;
  for (const k of SETTING_KEYS) {
    const e = checkSetting(k, form[k]);
    if (e) errors[k] = e;
    if (form[k].trim() !== '') set = true;
  }
  if (!set) errors.settings = { key: 'rules.noSettings' };
  return errors;
}

/** hasErrors tells whether checkTemplate found anything. */
export function hasErrors(errors: FormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** toInput turns a form that passed checkTemplate into what the server takes. */
export function toInput(form: TemplateForm): TemplateInput {
  const settings = {} as OverclockSettings;
  for (const k of SETTING_KEYS) {
    const p = parseSetting(form[k]);
    settings[k] = p.ok ? p.value : null;
  }
  return { name: form.name.trim(), coin: form.coin.trim(), gpuCategory: form.gpuCategory as GpuCategory, ...settings };
}

/**
 * toolValue is what a tuning tool such as MSI Afterburner shows for a memory value typed
 * here (SPEC section 5: the memory value is double the tool's), or null when there is none.
 */
export function toolValue(text: string): number | null {
  const p = parseSetting(text);
  if (!p.ok || p.value === null) return null;
  return p.value / 2;
}

/** MEMORY_KEYS are the two values given at double the tuning tool's scale. */
export const MEMORY_KEYS: readonly SettingKey[] = ['memClock', 'memClockLock'];

/** settingsList gives the values that are set, in display order (for a summary). */
export function settingsList(s: OverclockSettings): Array<[SettingKey, number]> {
  return SETTING_KEYS.filter((k) => s[k] !== null && s[k] !== undefined).map((k) => [k, s[k] as number]);
}

/** SETTING_UNITS are the units the values are in. */
export const SETTING_UNITS: Record<SettingKey, string> = {
  coreClock: 'MHz',
  coreClockLock: 'MHz',
  memClock: 'MHz',
  memClockLock: 'MHz',
  power: 'W',
  fan: '%',
};

/** formatSetting writes a value with its unit; offsets carry their sign ("+150 MHz"). */
export function formatSetting(key: SettingKey, v: number): string {
  const signed = (key === 'coreClock' || key === 'memClock') && v > 0 ? `+${v}` : String(v);
  return `${signed} ${SETTING_UNITS[key]}`;
}

/** settingChips names each set value with the overclock texts' t and writes it with its unit, for SettingChips. */
export function settingChips(s: OverclockSettings, t: (key: string) => string): Array<{ key: SettingKey; label: string; value: string }> {
  return settingsList(s).map(([k, v]) => ({ key: k, label: t(`settings.${k}`), value: formatSetting(k, v) }));
}
