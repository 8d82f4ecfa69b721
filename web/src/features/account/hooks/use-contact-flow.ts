import { useState } from 'react';
import type { Answer } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useBindContact } from '../api/bind-contact';
import { useChangeContact } from '../api/change-contact';
import { useCheckAccountCode } from '../api/check-account-code';
import { sendAccountCode } from '../api/send-account-code';
import { scenes, type Channel } from '../model/types';

/** ContactFlow drives the bind and change dialogs of one contact (SPEC.md section 4 "Change phone or email"). */
export interface ContactFlow {
  /** mode: bind when nothing is bound yet, else a two-step change. */
  mode: 'bind' | 'change';
  /** step of a change: 1 proves the current contact, 2 sets the new one. */
  step: 1 | 2;
  pending: boolean;
  /** sendBind sends a bind code to the typed contact. */
  sendBind: (target: string, ticket: string) => Promise<Answer<null>>;
  /** sendCurrent sends a change code to the bound contact. */
  sendCurrent: (ticket: string) => Promise<Answer<null>>;
  /** sendNew sends a code to the new contact. */
  sendNew: (target: string, ticket: string) => Promise<Answer<null>>;
  /** bind binds; true when done. Errors are thrown for the form to show. */
  bind: (target: string, code: string) => Promise<void>;
  /** verifyCurrent checks the code of the bound contact (not spent) and moves to step 2. */
  verifyCurrent: (code: string) => Promise<void>;
  /** change sets the new contact; both codes are spent together. */
  change: (target: string, newCode: string) => Promise<void>;
  /** reset goes back to step 1. */
  reset: () => void;
}

/**
 * useContactFlow binds a phone or email when none is bound, or changes it in
 * two steps: a changeX code to the current one (checked, not spent), then the
 * new one with a newX code; POST .../change spends both.
 */
export function useContactFlow(channel: Channel, current: string | undefined, onDone: () => void): ContactFlow {
  const [step, setStep] = useState<1 | 2>(1);
  const [currentCode, setCurrentCode] = useState('');
  const check = useCheckAccountCode();
  const bindMutation = useBindContact();
  const changeMutation = useChangeContact();
  const s = scenes[channel];
  // Fixed when the dialog opens: a bind that succeeds must not turn into a change while it closes.
  const [mode] = useState<'bind' | 'change'>((current ?? '') !== '' ? 'change' : 'bind');

  const finish = (answer: Answer<null>) => {
    if (answer.msg) notify('success', answer.msg);
    setStep(1);
    setCurrentCode('');
    onDone();
  };

  return {
    mode,
    step,
    pending: check.isPending || bindMutation.isPending || changeMutation.isPending,
    sendBind: (target, ticket) => sendAccountCode({ channel, target, scene: s.bind, ticket }),
    sendCurrent: (ticket) => sendAccountCode({ channel, target: current ?? '', scene: s.change, ticket }),
    sendNew: (target, ticket) => sendAccountCode({ channel, target, scene: s.new, ticket }),
    bind: async (target, code) => finish(await bindMutation.mutateAsync({ channel, target, code })),
    verifyCurrent: async (code) => {
      await check.mutateAsync({ channel, target: current ?? '', code, scene: s.change });
      setCurrentCode(code);
      setStep(2);
    },
    change: async (target, newCode) => finish(await changeMutation.mutateAsync({ channel, code: currentCode, target, newCode })),
    reset: () => {
      setStep(1);
      setCurrentCode('');
    },
  };
}
