import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { clearInviteCode, readInviteCode } from '@/lib/storage';
import { useRegister } from '../api/register';
import { toRegistration, type RegisterValues } from '../model/forms';
import { isInviteInvalid } from '../model/invite';
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
 * by an invite link. The server answers a session as a login does: success keeps it
 * (api/register.ts), forgets the invite code, says so and calls goHome at once, so the
 * new account lands logged in without the login form, its slider or its terms box
 * (docs/accounts.md "Sign-up"). A refusal of the invite code (the agent's link
 * expired since the invite page checked it) shows the server's message and forgets
 * the code too. No slider is asked here: the register code is the slider's proof.
 */
export function useRegisterSubmit(goHome: () => void): RegisterSubmit {
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
        notify('success', answer.msg || t('messages.loginSuccess'));
        goHome();
      } catch (err) {
        // The kept invite code is no live agent's: forget it, so that the next try
        // registers without it (or with the code of the right link, opened again).
        if (err instanceof ApiError && isInviteInvalid(err.data)) clearInviteCode();
        setError(err instanceof Error ? err.message : String(err));
      }
    },
    [goHome, mutation, t],
  );

  const submit = useSubmitThrottle((values: RegisterValues, channel: Channel) => {
    void run(values, channel);
  });

  return { submit, pending: mutation.isPending, error, clearError: () => setError(null) };
}
