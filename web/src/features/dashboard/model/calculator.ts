// The income calculator's form rules (SPEC.md section 5 "Calculator fields"), the same
// limits the server checks (internal/market/calculator.go): required, numeric, at least
// 0, at most 4 decimals while typing, rate at most 100 (%), hashrate, consumption and
// electricity price at most 999.99, 15 characters at most, two decimals shown on blur.
import type { CalcInput, CalcPeriod, CalcResult, CalcVariant, CoinRow, LegalTender, PeriodIncome } from './types';

/** CalcField names the calculator's inputs. */
export type CalcField = 'customerHashRate' | 'rate' | 'coinPrice' | 'equipmentConsumption' | 'electricityPrice';

/** CALC_MAX_LENGTH is the longest a field may be typed. */
export const CALC_MAX_LENGTH = 15;
/** CALC_MAX_DECIMALS is how many decimals typing keeps. */
export const CALC_MAX_DECIMALS = 4;

/** CALC_MAX is each field's largest value; coinPrice has none. */
export const CALC_MAX: Record<CalcField, number | null> = {
  customerHashRate: 999.99,
  rate: 100,
  coinPrice: null,
  equipmentConsumption: 999.99,
  electricityPrice: 999.99,
};

/** CalcForm holds the fields as typed. */
export interface CalcForm {
  customerHashRate: string;
  customerHashRateUnit: string;
  /** rate is a percentage (0-100); the call takes a fraction. */
  rate: string;
  coinPrice: string;
  equipmentConsumption: string;
  electricityPrice: string;
}

/** FULL_ONLY are the fields only the full variant shows and checks. */
export const FULL_ONLY: readonly CalcField[] = ['equipmentConsumption', 'electricityPrice'];

/** fieldsOf lists the fields a variant checks, in form order. */
export function fieldsOf(variant: CalcVariant): CalcField[] {
  const basic: CalcField[] = ['customerHashRate', 'rate', 'coinPrice'];
  return variant === 'full' ? [...basic, ...FULL_ONLY] : basic;
}

/**
 * defaultCalcForm gives SPEC.md's defaults (hashrate 1, consumption 0, electricity 0) in
 * the coin's smallest unit, at the coin's price. The rate starts at the pool's own fee,
 * so the calculator agrees with the table; 0 when the coin does not say.
 */
export function defaultCalcForm(row: Pick<CoinRow, 'minHashUnit' | 'coinPrice' | 'rate'> | undefined): CalcForm {
  const fee = row && Number.isFinite(row.rate) ? row.rate * 100 : 0;
  return {
    customerHashRate: '1.00',
    customerHashRateUnit: row?.minHashUnit || 'H/s',
    rate: formatTwo(String(fee)),
    coinPrice: priceInput(row?.coinPrice),
    equipmentConsumption: '0.00',
    electricityPrice: '0.00',
  };
}

/**
 * priceInput makes the table's price a calculator input: the table shows four
 * significant digits below 1 (0.07100, 0.002994), the field takes four decimals.
 */
export function priceInput(price: string | undefined): string {
  const s = (price ?? '').trim();
  if (!/^\d+(\.\d+)?$/.test(s)) return '0.00';
  const frac = s.split('.')[1] ?? '';
  return frac.length > CALC_MAX_DECIMALS ? Number(s).toFixed(CALC_MAX_DECIMALS) : s;
}

/**
 * typedNumber keeps what may be typed into a calculator field: digits and one point,
 * at most 4 decimals, at most 15 characters. A leading point gets its zero.
 */
export function typedNumber(value: string): string {
  let s = value.replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  if (dot >= 0) {
    const whole = s.slice(0, dot) || '0';
    const frac = s.slice(dot + 1).replace(/\./g, '').slice(0, CALC_MAX_DECIMALS);
    s = `${whole}.${frac}`;
  }
  return s.slice(0, CALC_MAX_LENGTH);
}

/** formatTwo shows a number with two decimals (on blur); anything else is left as typed. */
export function formatTwo(value: string): string {
  const s = value.trim();
  if (s === '' || !/^\d*\.?\d*$/.test(s) || s === '.') return value;
  const n = Number(s);
  return Number.isFinite(n) ? n.toFixed(2) : value;
}

/** CalcError is a field's message: a key in the dashboard texts and its values. */
export interface CalcError {
  key: 'calc.errors.required' | 'calc.errors.number' | 'calc.errors.tooLarge' | 'calc.errors.tooLong';
  values?: Record<string, string | number>;
}

/** checkField judges one field, null when fine. */
export function checkField(field: CalcField, value: string): CalcError | null {
  const s = value.trim();
  if (s === '') return { key: 'calc.errors.required' };
  if (s.length > CALC_MAX_LENGTH) return { key: 'calc.errors.tooLong', values: { max: CALC_MAX_LENGTH } };
  if (!/^\d+(\.\d{1,4})?$/.test(s)) return { key: 'calc.errors.number' };
  const max = CALC_MAX[field];
  if (max !== null && Number(s) > max) return { key: 'calc.errors.tooLarge', values: { max } };
  return null;
}

/** checkForm judges every field the variant shows. */
export function checkForm(form: CalcForm, variant: CalcVariant): Partial<Record<CalcField, CalcError>> {
  const out: Partial<Record<CalcField, CalcError>> = {};
  for (const f of fieldsOf(variant)) {
    const e = checkField(f, form[f]);
    if (e) out[f] = e;
  }
  return out;
}

/** toCalcInput builds the call's body; the rate goes from percent to a fraction. */
export function toCalcInput(row: CoinRow, form: CalcForm, legalTender: LegalTender, variant: CalcVariant): CalcInput {
  const input: CalcInput = {
    legalTender,
    currencyType: row.currencyType,
    coinPrice: form.coinPrice.trim(),
    containConsumption: variant === 'full',
    customerHashRate: form.customerHashRate.trim(),
    customerHashRateUnit: form.customerHashRateUnit,
    networkHashRate: row.networkHashRateShow,
    networkHashRateUnit: row.networkHashRateUnit,
    rate: percentToFraction(form.rate.trim()),
  };
  if (variant === 'full') {
    input.equipmentConsumption = form.equipmentConsumption.trim();
    input.electricityPrice = form.electricityPrice.trim();
  }
  return input;
}

/** percentToFraction turns "2.5" into "0.025" without floating-point noise. */
export function percentToFraction(percent: string): string {
  const [whole = '0', frac = ''] = percent.split('.');
  const digits = (whole.replace(/^0+/, '') || '0').padStart(3, '0') + frac;
  const intPart = digits.slice(0, digits.length - 2 - frac.length) || '0';
  const fracPart = digits.slice(intPart.length).replace(/0+$/, '');
  const int = intPart.replace(/^0+(?=\d)/, '');
  return fracPart ? `${int}.${fracPart}` : int;
}

/** CALC_PERIODS in the order the calculator shows them (SPEC.md: year, month, week, day). */
export const CALC_PERIODS: readonly CalcPeriod[] = ['year', 'month', 'week', 'day'];

/** forPeriod is the server's figures for a period (empty when it sent none). */
export function forPeriod(result: CalcResult, period: CalcPeriod): PeriodIncome {
  return result.periods?.[period] ?? { income: '', incomeCoin: '' };
}
