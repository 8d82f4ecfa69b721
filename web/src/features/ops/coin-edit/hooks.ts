// The coin editing form's state: the coins (with pending changes), the coin chosen, the
// fields as typed, the checks before the call, the send, and the API's refusal beside the
// field it names.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import type { Lang } from '@/lib/language';
import { opsKeys } from '../hooks';
import { errorKeyOf } from '../models';
import { coinEditApi } from './api';
import {
  changedFields,
  changeOf,
  changesTerms,
  fieldOfRefusal,
  formOf,
  validateCoinForm,
  type CoinEditAnswer,
  type CoinField,
  type CoinForm,
  type CoinFormErrors,
  type EditableCoin,
} from './models';

/** useEditableCoins reads every coin with its pending fee or PPS change. */
export function useEditableCoins() {
  return useQuery({ queryKey: opsKeys.list('coins-edit', {}), queryFn: coinEditApi.coins });
}

/** ServerRefusal is the API's translated refusal and the field it names ("form": none). */
export interface ServerRefusal {
  field: CoinField | 'form';
  message: string;
}

/**
 * useCoinEdit holds the form for one coin: set fields, submit (checked first; nothing
 * changed is said before a call), and after a change the answer's termsFrom, the first
 * settlement day of a fee or PPS change.
 */
export function useCoinEdit(coin: EditableCoin, onSaved?: (a: CoinEditAnswer) => void) {
  const client = useQueryClient();
  const [form, setForm] = useState<CoinForm>(() => formOf(coin));
  const [errors, setErrors] = useState<CoinFormErrors>({});
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const [saved, setSaved] = useState<CoinEditAnswer | null>(null);
  const mutation = useMutation({ mutationFn: (body: ReturnType<typeof changeOf>) => coinEditApi.update(coin.type, body) });

  const set = <K extends CoinField>(field: K, value: CoinForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  const draft = changeOf(form, coin);
  // The fee's own check only: the notice shows while the change is typed, before the reason.
  const feeValid = !validateCoinForm(form, coin).feeBps;

  const submit = async (): Promise<boolean> => {
    const found = validateCoinForm(form, coin);
    setRefusal(null);
    const body = changeOf(form, coin);
    if (Object.keys(found).length === 0 && changedFields(body).length === 0) found.form = 'errors.unchanged';
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      const answer = await mutation.mutateAsync(body);
      setSaved(answer);
      setForm(formOf(answer.coin));
      await client.invalidateQueries({ queryKey: opsKeys.all });
      onSaved?.(answer);
      return true;
    } catch (err) {
      const data = (err as { data?: { field?: unknown } } | null)?.data;
      const field = typeof data?.field === 'string' ? data.field : '';
      setRefusal({ field: fieldOfRefusal(errorKeyOf(err), field), message: errorMessage(err) });
      return false;
    }
  };

  return {
    coin,
    form,
    set,
    setClosedMsg: (lang: Lang, text: string) => set('closedMsg', { ...form.closedMsg, [lang]: text }),
    errors,
    refusal,
    saved,
    /** termsChange: the form as it is would move the fee or PPS setting (from the next settlement day). */
    termsChange: feeValid && changesTerms(draft),
    changed: changedFields(draft),
    busy: mutation.isPending,
    submit,
    reset: () => {
      setForm(formOf(coin));
      setErrors({});
      setRefusal(null);
    },
  };
}

export type CoinEditState = ReturnType<typeof useCoinEdit>;
