import { RECOVERY_INPUT_MAX, TOTP_DIGITS, recoveryInput, totpInput } from '@/lib/two-factor';
import { useTwoFactorTexts } from '../texts';

/** Step is what the login's second step offers (the auth feature's SecondStep, by shape). */
interface Step {
  recovery: boolean;
  setRecovery: (on: boolean) => void;
  submit: (code: string) => void;
  error: string | null;
  clearError: () => void;
}

/**
 * useSecondStep is the glue of the login's second step for both sizes: the code field's
 * label, normalizer and input attributes (the app's 6 digits or a recovery code), the
 * form's handlers, and the switch between the two kinds of code.
 */
export function useSecondStep(step: Step) {
  const { t } = useTwoFactorTexts();
  const { recovery } = step;
  return {
    t,
    field: { name: 'code', label: t(recovery ? 'login.recoveryCode' : 'login.code'), normalize: recovery ? recoveryInput : totpInput },
    /** inputKey remounts the input when the kind of code changes. */
    inputKey: recovery ? 'recovery' : 'app',
    input: {
      inputMode: recovery ? ('text' as const) : ('numeric' as const),
      autoComplete: 'one-time-code',
      maxLength: recovery ? RECOVERY_INPUT_MAX : TOTP_DIGITS,
      placeholder: t(recovery ? 'login.recoveryPlaceholder' : 'login.codePlaceholder'),
      'data-testid': 'two-factor-code',
    },
    onFinish: (v: { code?: string }) => step.submit(v.code ?? ''),
    onValuesChange: () => step.error && step.clearError(),
    switchLabel: t(recovery ? 'login.useApp' : 'login.useRecovery'),
    /** toggle empties the form and switches between the app's code and a recovery code. */
    toggle: (form: { resetFields: () => void }) => {
      form.resetFields();
      step.setRecovery(!recovery);
    },
  };
}

/**
 * useRecoveryCodeField is the recovery-code input of the renew and turn-off dialogs on both
 * sizes: the field (name, label, normalizer) and the input's attributes.
 */
export function useRecoveryCodeField(testId: string) {
  const { t } = useTwoFactorTexts();
  return {
    field: { name: 'code', label: t('disable.code'), normalize: recoveryInput },
    input: { maxLength: RECOVERY_INPUT_MAX, autoComplete: 'one-time-code', placeholder: t('disable.codePlaceholder'), 'data-testid': testId },
  };
}

/** useEnrolCodeField is the set-up's first authenticator code on both sizes: the field and the input's attributes. */
export function useEnrolCodeField() {
  const { t } = useTwoFactorTexts();
  return {
    field: { name: 'code', label: t('enrol.code'), normalize: totpInput },
    hint: t('enrol.codeHint'),
    input: { maxLength: TOTP_DIGITS, inputMode: 'numeric' as const, autoComplete: 'one-time-code', placeholder: t('enrol.codePlaceholder'), 'data-testid': 'two-factor-enrol-code' },
  };
}
