// The template form (create and edit): values as typed, the rules of model/rules.ts
// shown as the user goes, and the server's refusal shown beside the form.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useChainTypes } from '../../api/get-chain-types';
import { useSaveTemplate } from '../api/templates';
import { checkTemplate, emptyForm, formOf, hasErrors, MEMORY_KEYS, toInput, toolValue, type FormErrors, type FormField, type TemplateForm } from '../model/rules';
import type { OverclockTemplate, SettingKey } from '../model/types';
import { useOverclockTexts } from '../texts';

export interface TemplateFormOptions {
  /** template is the one being edited; absent for a new one. */
  template?: OverclockTemplate | null;
  /** defaultCoin preselects a coin for a new template (when it allows overclocking). */
  defaultCoin?: string;
  /** onSaved runs after the server took it. */
  onSaved?: (t: OverclockTemplate) => void;
}

export function useTemplateForm({ template, defaultCoin = '', onSaved }: TemplateFormOptions = {}) {
  const { t } = useOverclockTexts();
  const coinsQuery = useChainTypes();
  const coins = useMemo(() => coinsQuery.data ?? [], [coinsQuery.data]);
  const overclockCoins = useMemo(() => coins.filter((c) => c.gpuOverclockingFlag), [coins]);
  const otherCoins = useMemo(() => coins.filter((c) => !c.gpuOverclockingFlag), [coins]);
  const [values, setValues] = useState<TemplateForm>(() => (template ? formOf(template) : emptyForm()));
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState('');
  const save = useSaveTemplate();

  // A new template starts on the page's coin when it allows overclocking, else the first that does.
  useEffect(() => {
    if (template || values.coin !== '' || overclockCoins.length === 0) return;
    const pick = overclockCoins.find((c) => c.type === defaultCoin) ?? overclockCoins[0]!;
    setValues((v) => ({ ...v, coin: pick.type }));
  }, [template, values.coin, overclockCoins, defaultCoin]);

  const allErrors: FormErrors = useMemo(
    () => checkTemplate(values, coinsQuery.data ? overclockCoins.map((c) => c.type) : undefined),
    [values, coinsQuery.data, overclockCoins],
  );

  /** shown: a field's rule shows once it was changed, every rule after a first submit. */
  const shown = useCallback((f: FormField) => submitted || touched.has(f), [submitted, touched]);

  const errorOf = useCallback(
    (f: FormField): string | undefined => {
      const e = allErrors[f];
      return e && shown(f) ? t(e.key, e.params) : undefined;
    },
    [allErrors, shown, t],
  );

  const setValue = useCallback((f: keyof TemplateForm, v: string) => {
    setValues((prev) => ({ ...prev, [f]: v }));
    setTouched((prev) => (prev.has(f) ? prev : new Set(prev).add(f)));
    setServerError('');
  }, []);

  /** memoryHint is what a tuning tool shows for a memory value (SPEC: the value here is double). */
  const memoryHint = useCallback(
    (f: SettingKey): string | undefined => {
      if (!MEMORY_KEYS.includes(f)) return undefined;
      const v = toolValue(values[f]);
      return v === null ? undefined : t('form.toolValue', { value: v > 0 && f === 'memClock' ? `+${v}` : String(v) });
    },
    [values, t],
  );

  /** submit checks the rules and saves; true when the server took it. */
  const submit = useCallback(async (): Promise<boolean> => {
    setSubmitted(true);
    setServerError('');
    if (hasErrors(allErrors)) return false;
    try {
      const { data, msg } = await save.mutateAsync({ input: toInput(values), id: template?.id });
      notify('success', msg);
      onSaved?.(data);
      return true;
    } catch (err) {
      // A code-3 refusal (a name already used, a coin that stopped allowing overclocking)
      // comes translated in msg; transport failures were shown by the client too.
      setServerError(err instanceof ApiError && err.kind === 'aborted' ? '' : errorMessage(err));
      return false;
    }
  }, [allErrors, save, values, template, onSaved]);

  return {
    values,
    setValue,
    errorOf,
    /** invalid is whether the form breaks any rule (shown or not yet). */
    invalid: hasErrors(allErrors),
    serverError,
    submitting: save.isPending,
    submit,
    isEdit: !!template,
    overclockCoins,
    otherCoins,
    coinsLoading: coinsQuery.isLoading,
    memoryHint,
  };
}

export type TemplateFormState = ReturnType<typeof useTemplateForm>;
