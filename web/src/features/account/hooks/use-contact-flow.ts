import { useState } from 'react';
import type { Answer } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { trimPassword } from '@/lib/validation';
import { useBindContact, type BindProof } from '../api/bind-contact';
import { useChangeContact } from '../api/change-contact';
import { useCheckAccountCode } from '../api/check-account-code';
import { useCheckPassword } from '../api/check-password';
import { sendAccountCode } from '../api/send-account-code';
import { scenes, type Channel } from '../model/types';

/** ProofBy is how a bind proves the holder asks: the login password, or a code to the contact the account has. */
export type ProofBy = 'password' | 'code';

/** ContactFlow drives the bind and change dialogs of one contact (SPEC.md section 4 "Change phone or email"). */
export interface ContactFlow {
  /** mode: bind when nothing is bound yet, else a change. Both take two steps. */
  mode: 'bind' | 'change';
  /** step: 1 proves who asks (bind: password or a code to the other contact; change: a code to the current one), 2 sets the new one. */
  step: 1 | 2;
  pending: boolean;
  /** proofBy is the bind's proof method; proofMethods the ones the account has (a code needs the other contact bound). */
  proofBy: ProofBy;
  proofMethods: ProofBy[];
  setProofBy: (by: ProofBy) => void;
  /** proofChannel is where a bind's proof code goes: the other contact kind. */
  proofChannel: Channel;
  /** sendProof sends the bind's proof code to the contact the account has. */
  sendProof: (ticket: string) => Promise<Answer<null>>;
  /** verifyProof checks the password or the proof code (not spent) and moves to step 2. */
  verifyProof: (secret: string) => Promise<void>;
  /** sendBind sends a bind code to the typed contact. */
  sendBind: (target: string, ticket: string) => Promise<Answer<null>>;
  /** sendCurrent sends a change code to the bound contact. */
  sendCurrent: (ticket: string) => Promise<Answer<null>>;
  /** sendNew sends a code to the new contact. */
  sendNew: (target: string, ticket: string) => Promise<Answer<null>>;
  /** bind binds with the proof step 1 checked. Errors are thrown for the form to show. */
  bind: (target: string, code: string) => Promise<void>;
  /** verifyCurrent checks the code of the bound contact (not spent) and moves to step 2. */
  verifyCurrent: (code: string) => Promise<void>;
  /** change sets the new contact; both codes are spent together. */
  change: (target: string, newCode: string) => Promise<void>;
  /** reset goes back to step 1. */
  reset: () => void;
}

/**
 * useContactFlow binds a phone or email when none is bound, or changes it, in two steps.
 * A bind first proves the holder asks, not only a session (docs/accounts.md "Binding and
 * changing a contact"): the password (POST password/check) or a bindX code to the contact
 * the account has (GET .../code/check); POST .../bind then sends that proof with the new
 * contact's code. A change proves the current contact with a changeX code, then the new
 * one with a newX code; POST .../change spends both.
 */
export function useContactFlow(channel: Channel, current: string | undefined, onDone: () => void, other?: string): ContactFlow {
  const [step, setStep] = useState<1 | 2>(1);
  const [currentCode, setCurrentCode] = useState('');
  const [proof, setProof] = useState<BindProof>({});
  const check = useCheckAccountCode();
  const checkPassword = useCheckPassword();
  const bindMutation = useBindContact();
  const changeMutation = useChangeContact();
  const s = scenes[channel];
  // Fixed when the dialog opens: a bind that succeeds must not turn into a change while it closes.
  const [mode] = useState<'bind' | 'change'>((current ?? '') !== '' ? 'change' : 'bind');
  const proofChannel: Channel = channel === 'phone' ? 'email' : 'phone';
  const otherContact = other ?? '';
  const proofMethods: ProofBy[] = otherContact ? ['password', 'code'] : ['password'];
  const [picked, setProofBy] = useState<ProofBy>('password');
  const proofBy = proofMethods.includes(picked) ? picked : 'password';

  const finish = (answer: Answer<null>) => {
    if (answer.msg) notify('success', answer.msg);
    setStep(1);
    setCurrentCode('');
    setProof({});
    onDone();
  };

  return {
    mode,
    step,
    pending: check.isPending || checkPassword.isPending || bindMutation.isPending || changeMutation.isPending,
    proofBy,
    proofMethods,
    setProofBy,
    proofChannel,
    // The bind scene, sent to the account's own other contact: the server's proof of a bind.
    sendProof: (ticket) => sendAccountCode({ channel: proofChannel, target: otherContact, scene: s.bind, ticket }),
    verifyProof: async (secret) => {
      if (proofBy === 'password') {
        const password = trimPassword(secret);
        await checkPassword.mutateAsync(password);
        setProof({ password });
      } else {
        const code = secret.trim();
        await check.mutateAsync({ channel: proofChannel, target: otherContact, code, scene: s.bind });
        setProof({ currentCode: code });
      }
      setStep(2);
    },
    sendBind: (target, ticket) => sendAccountCode({ channel, target, scene: s.bind, ticket }),
    sendCurrent: (ticket) => sendAccountCode({ channel, target: current ?? '', scene: s.change, ticket }),
    sendNew: (target, ticket) => sendAccountCode({ channel, target, scene: s.new, ticket }),
    bind: async (target, code) => finish(await bindMutation.mutateAsync({ channel, target, code, ...proof })),
    verifyCurrent: async (code) => {
      await check.mutateAsync({ channel, target: current ?? '', code, scene: s.change });
      setCurrentCode(code);
      setStep(2);
    },
    change: async (target, newCode) => finish(await changeMutation.mutateAsync({ channel, code: currentCode, target, newCode })),
    reset: () => {
      setStep(1);
      setCurrentCode('');
      setProof({});
    },
  };
}
