import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Answer } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { trimPassword } from '@/lib/validation';
import { useCheckAccountCode } from '../api/check-account-code';
import { useCheckPassword } from '../api/check-password';
import { sendAccountCode } from '../api/send-account-code';
import { useUpdatePassword } from '../api/update-password';
import { scenes, type BaseInfo, type Channel } from '../model/types';

/** PasswordTab is how the user proves who they are: old password, phone code or email code. */
export type PasswordTab = 'old' | Channel;

/** PasswordFlow drives the change-password dialog (SPEC.md section 4 "Change password"). */
export interface PasswordFlow {
  tab: PasswordTab;
  step: 1 | 2;
  pending: boolean;
  /** selectTab switches tabs; a phone or email tab without that contact bound is refused with a warning. */
  selectTab: (tab: PasswordTab) => boolean;
  /** send sends the reset code of the current code tab to the bound contact. */
  send: (ticket: string) => Promise<Answer<null>>;
  /** verify checks step 1 (the old password, or the code without spending it). Errors are thrown. */
  verify: (secret: string) => Promise<void>;
  /** update sets the new password (step 2). Errors are thrown. */
  update: (newPassword: string) => Promise<void>;
  /** reset goes back to the first tab and step. */
  reset: () => void;
}

/**
 * usePasswordFlow: step 1 proves identity (POST password/check, or a
 * resetPwdBy code checked with GET .../code/check), step 2 sets the new
 * password with that proof. Success says so and calls onDone.
 */
export function usePasswordFlow(user: BaseInfo | undefined, onDone: () => void): PasswordFlow {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PasswordTab>('old');
  const [step, setStep] = useState<1 | 2>(1);
  const [proof, setProof] = useState('');
  const checkPassword = useCheckPassword();
  const checkCode = useCheckAccountCode();
  const update = useUpdatePassword();

  const contact = (channel: Channel) => (channel === 'phone' ? user?.phone : user?.email) ?? '';

  const reset = () => {
    setTab('old');
    setStep(1);
    setProof('');
  };

  return {
    tab,
    step,
    pending: checkPassword.isPending || checkCode.isPending || update.isPending,
    selectTab: (next) => {
      if (next !== 'old' && !contact(next)) {
        notify('warning', t('messages.contactNotBound'));
        return false;
      }
      setTab(next);
      setStep(1);
      setProof('');
      return true;
    },
    send: (ticket) => {
      const channel: Channel = tab === 'email' ? 'email' : 'phone';
      return sendAccountCode({ channel, target: contact(channel), scene: scenes[channel].resetPwd, ticket });
    },
    verify: async (secret) => {
      if (tab === 'old') {
        const password = trimPassword(secret);
        await checkPassword.mutateAsync(password);
        setProof(password);
      } else {
        const code = secret.trim();
        await checkCode.mutateAsync({ channel: tab, target: contact(tab), code, scene: scenes[tab].resetPwd });
        setProof(code);
      }
      setStep(2);
    },
    update: async (newPassword) => {
      const next = trimPassword(newPassword);
      const answer = await update.mutateAsync(
        tab === 'old'
          ? { by: 'oldPassword', password: proof, newPassword: next }
          : { by: tab, target: contact(tab), code: proof, newPassword: next },
      );
      notify('success', answer.msg || t('messages.operateSuccess'));
      reset();
      onDone();
    },
    reset,
  };
}
