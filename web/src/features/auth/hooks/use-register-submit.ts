import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { clearInviteCode, readInviteCode } from '@/lib/storage';
import { useRegister } from '../api/register';
import { toRegistration, type RegisterValues } from '../model/forms';
import type { Channel } from '../model/types';
import { useSubmitThrottle } from './use-submit-throttle';

/** RegisterSubmit is the state of the register form's submit. */
export interface RegisterSubmit {
  submit: (values: RegisterValues, channel: Channel) => void;
  pending: boolean;
  error: string | null;
  clearError: () => void;
}

/**
 * useRegisterSubmit registers from a checked form with the invite code kept
 * by an invite link; success forgets the invite code, says so and calls
 * goLogin (SPEC.md section 4).
 */
export function useRegisterSubmit(goLogin: () => void): RegisterSubmit {
  const { t } = useTranslation();
  const mutation = useRegister();
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (values: RegisterValues, channel: Channel) => {
      if (mutation.isPending) return;
      setError(null);
      try {
        const answer = await mutation.mutateAsync(toRegistration(values, channel, readInviteCode()));
        clearInviteCode();
        notify('success', answer.msg || t('messages.registerSuccess'));
        goLogin();
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      }
    },
    [goLogin, mutation, t],
  );

  const submit = useSubmitThrottle((values: RegisterValues, channel: Channel) => {
    void run(values, channel);
  });

  return { submit, pending: mutation.isPending, error, clearError: () => setError(null) };
}
