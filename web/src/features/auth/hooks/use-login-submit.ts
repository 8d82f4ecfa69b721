import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { isRecoveryCode, isTotpCode, secondFactorCode } from '@/lib/two-factor';
import { isChallengeGone, useLogIn, useLogInSecondFactor } from '../api/log-in';
import { toLoginRequest, type LoginValues } from '../model/forms';
import { isLoginChallenge, type LoginMethod } from '../model/types';
import type { CaptchaTicket } from './use-captcha-ticket';
import { useSubmitThrottle } from './use-submit-throttle';

/** LOGIN_SUCCESS_MS is how long the success toast shows before going home (SPEC.md section 4). */
export const LOGIN_SUCCESS_MS = 1500;

/**
 * SecondStep is a login waiting for its second factor (docs/accounts.md "Two-factor
 * sign-in"): the 6-digit code of the authenticator app, or a recovery code.
 */
export interface SecondStep {
  /** recovery: the input takes a recovery code instead of the app's code. */
  recovery: boolean;
  setRecovery: (on: boolean) => void;
  /** ready says whether a typed code has the shape the input asks for. */
  ready: (code: string | undefined) => boolean;
  submit: (code: string) => void;
  /** pending while the call runs and during the success toast. */
  pending: boolean;
  /** error is the server's message of the last refused code. */
  error: string | null;
  clearError: () => void;
  /** back leaves the second step for the login form. */
  back: () => void;
}

/** LoginSubmit is the state of one login form's submit. */
export interface LoginSubmit {
  submit: (values: LoginValues, method: LoginMethod) => void;
  /** pending while the call runs and during the success toast. */
  pending: boolean;
  /** error is the server's message of the last failed login. */
  error: string | null;
  clearError: () => void;
  /** secondStep is set while the login waits for its second factor. */
  secondStep: SecondStep | null;
}

type Phase = 'idle' | 'captcha' | 'sending' | 'challenge' | 'verifying' | 'done';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * useLoginSubmit logs in from a checked form: a password login takes the
 * slider ticket (opening the slider when there is none); success keeps the
 * token and user, shows a 1.5 s toast, then calls goHome. An account with
 * two-factor sign-in answers a challenge first: secondStep then asks for the code,
 * and a challenge the server no longer knows sends the user back to the form with
 * the server's message.
 */
export function useLoginSubmit(captcha: CaptchaTicket, goHome: () => void): LoginSubmit {
  const { t } = useTranslation();
  const login = useLogIn();
  const second = useLogInSecondFactor();
  const [error, setError] = useState<string | null>(null);
  const [secondError, setSecondError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [phase, setPhaseState] = useState<Phase>('idle');
  const phaseRef = useRef<Phase>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // When the challenge came and how many codes it refused: the server's rules end it.
  const challengeUse = useRef({ at: 0, refused: 0 });
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

  const succeed = (msg: string) => {
    setPhase('done');
    notify('success', msg || t('messages.loginSuccess'), { durationMs: LOGIN_SUCCESS_MS });
    timer.current = setTimeout(goHome, LOGIN_SUCCESS_MS);
  };

  const leaveSecondStep = (why: string | null) => {
    setChallenge(null);
    setRecovery(false);
    setSecondError(null);
    setPhase('idle');
    setError(why);
  };

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
      if (isLoginChallenge(answer.data)) {
        challengeUse.current = { at: Date.now(), refused: 0 };
        setChallenge(answer.data.challenge);
        setRecovery(false);
        setSecondError(null);
        setPhase('challenge');
        return;
      }
      succeed(answer.msg);
    } catch (err) {
      setPhase('idle');
      setError(message(err));
    }
  };

  const runSecond = async (code: string) => {
    if (phaseRef.current !== 'challenge' || !challenge) return;
    setSecondError(null);
    setPhase('verifying');
    try {
      const answer = await second.mutateAsync({ challenge, code: secondFactorCode(code) });
      succeed(answer.msg);
    } catch (err) {
      const use = challengeUse.current;
      const gone = isChallengeGone(err, { ageMs: Date.now() - use.at, refusedBefore: use.refused });
      if (err instanceof ApiError && err.kind === 'code') use.refused++;
      if (gone) leaveSecondStep(message(err));
      else {
        setPhase('challenge');
        setSecondError(message(err));
      }
    }
  };

  const submit = useSubmitThrottle((values: LoginValues, method: LoginMethod) => {
    void run(values, method);
  });
  const submitSecond = useSubmitThrottle((code: string) => {
    void runSecond(code);
  });

  const waiting = challenge !== null && (phase === 'challenge' || phase === 'verifying' || phase === 'done');
  return {
    submit,
    pending: phase === 'sending' || (phase === 'done' && !waiting),
    error,
    clearError: () => setError(null),
    secondStep: waiting
      ? {
          recovery,
          setRecovery: (on) => {
            setRecovery(on);
            setSecondError(null);
          },
          ready: (code) => (recovery ? isRecoveryCode(code) : isTotpCode(code)),
          submit: submitSecond,
          pending: phase === 'verifying' || phase === 'done',
          error: secondError,
          clearError: () => setSecondError(null),
          back: () => {
            if (phaseRef.current === 'challenge') leaveSecondStep(null);
          },
        }
      : null,
  };
}
