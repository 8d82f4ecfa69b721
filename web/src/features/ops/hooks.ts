// The console's state: who is signed in, the sign-in steps, lists paged by cursor and
// actions that ask a reason (and, for finance, the authenticator code again).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { opsApi, type WriteOptions } from './api';
import {
  CODE_ERRORS,
  cleanFilters,
  errorKeyOf,
  validCode,
  validateAction,
  type ActionErrors,
  type ActionInput,
  type ActionSpec,
  type LoginStep,
  type Page,
} from './models';

/** opsKeys are the console's query keys, under one root so sign-out drops them all. */
export const opsKeys = {
  all: ['ops'] as const,
  me: ['ops', 'me'] as const,
  list: (name: string, q: unknown) => ['ops', name, q] as const,
  one: (name: string, id: string) => ['ops', name, 'one', id] as const,
};

/** useMe is the signed-in operator and their rights; a 401 sends to sign-in (api.ts). */
export function useMe() {
  return useQuery({ queryKey: opsKeys.me, queryFn: opsApi.me, staleTime: 60_000, retry: false });
}

export type SignInStage = 'password' | 'enrol' | 'code';

/**
 * useSignIn runs the sign-in: the password first; then either the enrolment (the key as a
 * QR code and text, and its first code) or the code of the operator's app.
 */
export function useSignIn(onDone: () => void) {
  const [stage, setStage] = useState<SignInStage>('password');
  const [creds, setCreds] = useState({ email: '', password: '' });
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const follow = useCallback(
    (step: LoginStep) => {
      setError('');
      if (step.step === 'done') onDone();
      else if (step.step === 'enrol') {
        setEnrolment({ secret: step.secret ?? '', uri: step.uri ?? '' });
        setStage('enrol');
      } else setStage('code');
    },
    [onDone],
  );

  const run = useCallback(async (call: () => Promise<LoginStep>) => {
    setBusy(true);
    try {
      follow(await call());
    } catch (err) {
      setError(errorMessage(err));
      // The enrolment's short session ended: start again from the password.
      if (errorKeyOf(err) === 'ops.enrolGone') setStage('password');
    } finally {
      setBusy(false);
    }
  }, [follow]);

  return {
    stage,
    enrolment,
    error,
    busy,
    email: creds.email,
    submitPassword: (email: string, password: string) => {
      setCreds({ email, password });
      return run(() => opsApi.login(email, password));
    },
    submitCode: (code: string) =>
      stage === 'enrol' ? run(() => opsApi.enrol(code.trim())) : run(() => opsApi.login(creds.email, creds.password, code.trim())),
    restart: () => {
      setStage('password');
      setEnrolment(null);
      setError('');
    },
  };
}

/** useSignOut ends the session and drops every console answer held in memory. */
export function useSignOut(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: opsApi.logout,
    onSettled: () => {
      client.removeQueries({ queryKey: opsKeys.all });
      onDone();
    },
  });
}

/**
 * useCursorList reads a list the API pages by cursor (nextCursor), newest first: next
 * and prev walk the pages, and new filters start again from the first.
 */
export function useCursorList<T>(name: string, filters: Record<string, string | undefined>, fetch: (q: Record<string, string | undefined>) => Promise<Page<T>>) {
  const clean = useMemo(() => cleanFilters(filters), [filters]);
  const filterKey = JSON.stringify(clean);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: filterKey, cursors: [undefined] });
  const cursors = paging.key === filterKey ? paging.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const query = useQuery({
    queryKey: opsKeys.list(name, { ...clean, cursor }),
    queryFn: () => fetch({ ...clean, cursor }),
    placeholderData: keepPreviousData,
  });
  const next = query.data?.nextCursor ?? null;
  return {
    query,
    items: query.data?.items ?? [],
    page: cursors.length,
    hasNext: !!next,
    hasPrev: cursors.length > 1,
    next: () => next && setPaging({ key: filterKey, cursors: [...cursors, next] }),
    prev: () => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) }),
  };
}

/** ActionRun sends the action with the reason and, for finance, the code. */
export type ActionRun = (reason: string, options: WriteOptions) => Promise<unknown>;

/**
 * useOpsAction holds one action's modal: open it, validate the reason and the code, send,
 * and on success close and refresh the console's data. A wrong or used code keeps the
 * modal open with the code field emptied and the API's message beside it.
 */
export function useOpsAction(spec: ActionSpec, run: ActionRun, onSuccess?: () => void) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState<ActionInput>({ reason: '', code: '' });
  const [errors, setErrors] = useState<ActionErrors>({});
  const [serverError, setServerError] = useState('');
  const mutation = useMutation({
    mutationFn: (i: ActionInput) => run(i.reason.trim(), spec.needsCode ? { code: i.code } : {}),
  });

  const submit = async (): Promise<boolean> => {
    const found = validateAction(spec, input);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return false;
    try {
      await mutation.mutateAsync(input);
    } catch (err) {
      const key = errorKeyOf(err);
      if ((CODE_ERRORS as readonly string[]).includes(key)) {
        setInput((i) => ({ ...i, code: '' }));
        setErrors({ code: '' });
      }
      setServerError(errorMessage(err));
      return false;
    }
    setOpen(false);
    setInput({ reason: '', code: '' });
    await client.invalidateQueries({ queryKey: opsKeys.all });
    onSuccess?.();
    return true;
  };

  return {
    open,
    show: () => {
      setOpen(true);
      setErrors({});
      setServerError('');
    },
    close: () => setOpen(false),
    input,
    setReason: (reason: string) => setInput((i) => ({ ...i, reason })),
    setCode: (code: string) => setInput((i) => ({ ...i, code: code.replace(/\D/g, '').slice(0, 6) })),
    errors,
    serverError,
    busy: mutation.isPending,
    spec,
    submit,
  };
}

export type OpsAction = ReturnType<typeof useOpsAction>;

/**
 * useActions are an object's actions by name (a withdrawal's approve, reject and fail), each
 * with its own modal state: spec says what one asks, run sends it. A page passes the same
 * names on every render, so the hooks inside keep their order.
 */
export function useActions<A extends string>(names: readonly A[], spec: (a: A) => ActionSpec, run: (a: A, reason: string, o: WriteOptions) => Promise<unknown>) {
  const out = {} as Record<A, OpsAction>;
  for (const a of names) out[a] = useOpsAction(spec(a), (reason, o) => run(a, reason, o));
  return out;
}

/** codeReady tells whether a sign-in code may be sent (six digits). */
export const codeReady = validCode;
