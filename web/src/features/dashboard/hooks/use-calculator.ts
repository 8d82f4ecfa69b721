// The income calculator's state, for any UI kit: the fields as typed, which messages to
// show, the server's answer or its refusal (a closed coin's message, a field it rejects).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useCalculateIncome } from '../api/calculate-income';
import { checkForm, defaultCalcForm, formatTwo, priceInput, toCalcInput, typedNumber, type CalcError, type CalcField, type CalcForm } from '../model/calculator';
import type { CalcResult, CalcVariant, CoinRow, LegalTender } from '../model/types';

/** Calculator is what useCalculator gives a form to render. */
export interface Calculator {
  form: CalcForm;
  /** errors are the messages to show now: a field's once it was left or a calculation was asked for. */
  errors: Partial<Record<CalcField, CalcError>>;
  change: (field: CalcField, typed: string) => void;
  blur: (field: CalcField) => void;
  setUnit: (unit: string) => void;
  /** calculate checks the form and asks the server; false when a field is wrong. */
  calculate: () => Promise<boolean>;
  result: CalcResult | null;
  refusal: string | null;
  pending: boolean;
}

/**
 * useCalculator keeps one calculator's form for a coin. The result is cleared when an
 * input changes, so the figures shown always belong to the inputs shown. While the form
 * holds its defaults the figures come at once, without Calculate (issue 31: a calculator
 * that shows "—" until a button is pressed looks broken), again after another fiat or
 * variant; once a field is edited they wait for Calculate, as a form does. When the coin's
 * price in the chosen fiat changes (another fiat), the price field follows it.
 */
export function useCalculator(row: CoinRow, legalTender: LegalTender, variant: CalcVariant): Calculator {
  const [form, setForm] = useState<CalcForm>(() => defaultCalcForm(row));
  // defaults is the untouched form (the price field follows the coin's price).
  const [defaults, setDefaults] = useState<string>(() => JSON.stringify(defaultCalcForm(row)));
  const [shown, setShown] = useState<Partial<Record<CalcField, boolean>>>({});
  const [all, setAll] = useState(false);
  const [answer, setAnswer] = useState<{ result: CalcResult | null; refusal: string | null; key: string } | null>(null);
  const mutation = useCalculateIncome();

  const key = `${variant}/${legalTender}/${JSON.stringify(form)}`;
  const current = answer && answer.key === key ? answer : null;
  const checked = useMemo(() => checkForm(form, variant), [form, variant]);
  const errors = useMemo(() => {
    const out: Partial<Record<CalcField, CalcError>> = {};
    for (const [field, e] of Object.entries(checked) as [CalcField, CalcError][]) if (all || shown[field]) out[field] = e;
    return out;
  }, [checked, all, shown]);

  const change = useCallback((field: CalcField, typed: string) => {
    setForm((f) => ({ ...f, [field]: typedNumber(typed) }));
    // A field that already shows a message updates it while typing.
  }, []);
  const blur = useCallback((field: CalcField) => {
    setForm((f) => ({ ...f, [field]: formatTwo(f[field]) }));
    setShown((s) => ({ ...s, [field]: true }));
  }, []);
  const setUnit = useCallback((unit: string) => setForm((f) => ({ ...f, customerHashRateUnit: unit })), []);

  // Another fiat: the price field follows the coin's price in it (and an untouched form
  // stays untouched, so its figures come again at once).
  const price = useRef(row.coinPrice);
  useEffect(() => {
    if (price.current === row.coinPrice) return;
    price.current = row.coinPrice;
    const coinPrice = priceInput(row.coinPrice);
    setForm((f) => ({ ...f, coinPrice }));
    setDefaults((d) => JSON.stringify({ ...(JSON.parse(d) as CalcForm), coinPrice }));
  }, [row.coinPrice]);

  const { mutateAsync } = mutation;
  const run = useCallback(async () => {
    try {
      const res = await mutateAsync(toCalcInput(row, form, legalTender, variant));
      setAnswer({ result: res.data, refusal: null, key });
    } catch (err) {
      setAnswer({ result: null, refusal: errorMessage(err), key });
    }
  }, [mutateAsync, row, form, legalTender, variant, key]);
  const calculate = useCallback(async () => {
    setAll(true);
    if (Object.keys(checked).length > 0) return false;
    await run();
    return true;
  }, [checked, run]);

  // The defaults' figures at once: once per fiat and variant (an answer, or a refusal such
  // as a closed coin's, is kept under its key, so this does not ask again).
  // (Not before the price field has followed a new fiat's price: that is one render later.)
  const untouched = JSON.stringify(form) === defaults && form.coinPrice === priceInput(row.coinPrice);
  const valid = Object.keys(checked).length === 0;
  const asked = useRef('');
  useEffect(() => {
    if (!untouched || !valid || current || asked.current === key) return;
    asked.current = key;
    void run();
  }, [untouched, valid, current, key, run]);

  return { form, errors, change, blur, setUnit, calculate, result: current?.result ?? null, refusal: current?.refusal ?? null, pending: mutation.isPending };
}
