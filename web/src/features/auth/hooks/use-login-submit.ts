import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useLogIn } from '../api/log-in';
import { toLoginRequest, type LoginValues } from '../model/forms';
import type { LoginMethod } from '../model/types';
import type { CaptchaTicket } from './use-captcha-ticket';
import { useSubmitThrottle } from './use-submit-throttle';

/** LOGIN_SUCCESS_MS is how long the success toast shows before going home (SPEC.md section 4). */
export const LOGIN_SUCCESS_MS = 1500;

/** LoginSubmit is the state of one login form's submit. */
export interface LoginSubmit {
  submit: (values: LoginValues, method: LoginMethod) => void;
  /** pending while the call runs and during the success toast. */
  pending: boolean;
  /** error is the server's message of the last failed login. */
  error: string | null;
  clearError: () => void;
}

type Phase = 'idle' | 'captcha' | 'sending' | 'done';

/**
 * useLoginSubmit logs in from a checked form: a password login takes the
 * slider ticket (opening the slider when there is none); success keeps the
 * token and user, shows a 1.5 s toast, then calls goHome.
 */
export function useLoginSubmit(captcha: CaptchaTicket, goHome: () => void): LoginSubmit {
  const { t } = useTranslation();
  const login = useLogIn();
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhaseState] = useState<Phase>('idle');
  const phaseRef = useRef<Phase>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const setPhase = (p: Phase) => {
    phaseRef.current = p;
    setPhaseState(p);
  };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const run = async (values: LoginValues, method: LoginMethod) => {
    if (phaseRef.current !== 'idle') return;
    setError(null);
    let ticket: string | null = null;
    if (method === 'pwd') {
      setPhase('captcha');
      ticket = await captcha.request();
      if (!ticket) {
        setPhase('idle');
        return;
      }
    }
    setPhase('sending');
    try {
      const answer = await login.mutateAsync(toLoginRequest(values, method, ticket));
      setPhase('done');
      notify('success', answer.msg || t('messages.loginSuccess'), { durationMs: LOGIN_SUCCESS_MS });
      timer.current = setTimeout(goHome, LOGIN_SUCCESS_MS);
    } catch (err) {
      setPhase('idle');
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const submit = useSubmitThrottle((values: LoginValues, method: LoginMethod) => {
    void run(values, method);
  });

  return {
    submit,
    pending: phase === 'sending' || phase === 'done',
    error,
    clearError: () => setError(null),
  };
}
