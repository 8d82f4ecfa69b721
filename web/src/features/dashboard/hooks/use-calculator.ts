// The income calculator's state, for any UI kit: the fields as typed, which messages to
// show, the server's answer or its refusal (a closed coin's message, a field it rejects).
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useCalculateIncome } from '../api/calculate-income';
import { checkForm, defaultCalcForm, formatTwo, toCalcInput, typedNumber, type CalcError, type CalcField, type CalcForm } from '../model/calculator';
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
 * input changes, so the figures shown always belong to the inputs shown.
 */
export function useCalculator(row: CoinRow, legalTender: LegalTender, variant: CalcVariant): Calculator {
  const [form, setForm] = useState<CalcForm>(() => defaultCalcForm(row));
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

  const { mutateAsync } = mutation;
  const calculate = useCallback(async () => {
    setAll(true);
    if (Object.keys(checked).length > 0) return false;
    try {
      const res = await mutateAsync(toCalcInput(row, form, legalTender, variant));
      setAnswer({ result: res.data, refusal: null, key });
    } catch (err) {
      setAnswer({ result: null, refusal: errorMessage(err), key });
    }
    return true;
  }, [checked, mutateAsync, row, form, legalTender, variant, key]);

  return { form, errors, change, blur, setUnit, calculate, result: current?.result ?? null, refusal: current?.refusal ?? null, pending: mutation.isPending };
}
