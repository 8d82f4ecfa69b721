// The create and rename forms of a sub-account: state, the rules, the call, and the
// server's refusal to show beside the form. Desktop and phone lay it out alike.
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { aliasProblem, codeProblem } from '../model/rules';
import type { FreshUniplus } from '../model/uniplus';
import { useSubAccountActions } from '../api/sub-accounts';

export interface SubAccountFormState {
  code: string;
  alias: string;
  coin: string;
}

/**
 * useSubAccountForm drives the create form (mode create) or the alias form (mode rename).
 * onDone gets, after a create, the new sub-account's Uniplus ID: the only time the page
 * can show it (the pool keeps a hash).
 */
export function useSubAccountForm(mode: 'create' | 'rename', initial: SubAccountFormState, onDone: (created?: FreshUniplus) => void) {
  const actions = useSubAccountActions();
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState('');
  const problems = {
    code: mode === 'create' ? codeProblem(form.code) : null,
    alias: aliasProblem(form.alias),
    coin: mode === 'create' && form.coin === '' ? ('required' as const) : null,
  };
  const valid = !problems.code && !problems.alias && !problems.coin;
  const pending = actions.create.isPending || actions.rename.isPending;

  const set = (patch: Partial<SubAccountFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setServerError('');
  };
  const reset = (next: SubAccountFormState) => {
    setForm(next);
    setTouched(false);
    setServerError('');
  };
  const submit = async () => {
    setTouched(true);
    if (!valid || pending) return false;
    try {
      if (mode === 'create') {
        const made = await actions.create.mutateAsync({ code: form.code.trim(), alias: form.alias.trim(), defaultCoin: form.coin });
        onDone({ code: made.code, uniplusId: made.uniplusId });
      } else {
        await actions.rename.mutateAsync({ code: form.code, alias: form.alias.trim() });
        onDone();
      }
      return true;
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : String(err));
      return false;
    }
  };
  return { form, set, reset, problems: touched ? problems : { code: null, alias: null, coin: null }, serverError, pending, submit };
}

/** useConfirmAction runs one sub-account action and keeps its refusal to show. */
export function useConfirmAction() {
  const actions = useSubAccountActions();
  const [error, setError] = useState('');
  const run = async (kind: 'remove' | 'regenerate' | 'changeCoin', body: unknown) => {
    setError('');
    try {
      await actions[kind].mutateAsync(body);
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      return false;
    }
  };
  return { run, error, clear: () => setError(''), pending: actions.remove.isPending || actions.regenerate.isPending || actions.changeCoin.isPending };
}
