// The second verification of a money action (SPEC.md section 5): a code sent to the
// user's own bound phone or email, only when one is bound, and the authenticator app's code
// when two-factor sign-in is on (docs/accounts.md). One glue for the address book, the
// withdrawal dialog and both layouts.
import { useState } from 'react';
import { useCaptchaTicket } from '@/features/auth/hooks/use-captcha-ticket';
import { useCodeButton } from '@/features/auth/hooks/use-code-button';
import { api } from '@/lib/api-client';
import type { FieldForm } from '@/lib/field-form';
import { maskEmail, maskPhone } from '@/lib/mask';
import { secondFactorCode, useTwoFactorStatus } from '@/lib/two-factor';
import { useSession } from '@/lib/use-session';
import type { Verification } from '../api/withdraw';
import type { VerifyType } from '../model/types';

/** Scene is what a code is for: withdrawing or changing the address book. */
export type Scene = 'withdraw' | 'addressBook';

/** useVerify runs the code field of one form: which method, the code button, the slider. */
export function useVerify(scene: Scene, form: FieldForm) {
  const { user } = useSession();
  const phone = user?.phone ?? '';
  const email = user?.email ?? '';
  const methods: VerifyType[] = [...(phone ? (['phone'] as const) : []), ...(email ? (['email'] as const) : [])];
  const [picked, setMethod] = useState<VerifyType | null>(null);
  const method: VerifyType | null = picked && methods.includes(picked) ? picked : (methods[0] ?? null);
  const twoFactor = useTwoFactorStatus();
  const captcha = useCaptchaTicket();
  const codeButton = useCodeButton({
    captcha,
    prepare: () => method !== null,
    send: (ticket) => {
      const target = method === 'phone' ? phone : email;
      const path = `/pc/v1/customer/${method === 'phone' ? 'sms' : 'email'}/code/send`;
      return api.send<null>(path, { query: { [method ?? 'email']: target, scenes: scene, ticket }, quiet: true });
    },
    onError: (m) => form.setFields([{ name: 'code', errors: [m] }]),
  });
  return {
    /** needed is false for a user with neither bound: the server asks for no code. */
    needed: methods.length > 0,
    methods,
    method,
    setMethod,
    /** target is where the code goes, masked. */
    target: method === 'phone' ? maskPhone(phone) : maskEmail(email),
    captcha,
    codeButton,
    /** totp: two-factor sign-in is on, so the form asks for the authenticator app's code too. */
    totp: twoFactor.data?.enabled === true,
    /** of gives the verification fields of a call from the form's code and authenticator code. */
    of: (code: unknown, totpCode?: unknown): Verification => ({
      ...(method ? { verifyType: method, code: String(code ?? '').trim() } : {}),
      ...(twoFactor.data?.enabled ? { totpCode: secondFactorCode(String(totpCode ?? '')) } : {}),
    }),
  };
}

export type VerifyState = ReturnType<typeof useVerify>;
