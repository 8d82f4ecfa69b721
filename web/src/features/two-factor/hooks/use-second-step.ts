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
