// Two-factor sign-in on the basic-info page, once for the desktop (antd) and phone
// (antd-mobile) layouts: the row's status, the set-up dialog (key and QR code, the first
// code, then the recovery codes shown once), new recovery codes, and turning it off.
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { errorsOf, type FieldForm, type UseForm } from '@/lib/field-form';
import { notify } from '@/lib/notify';
import { isSecondFactorCode, isTotpCode, secondFactorCode, totpInput, useTwoFactorStatus } from '@/lib/two-factor';
import { useFormat } from '@/lib/use-format';
import { trimPassword } from '@/lib/validation';
import { useDisable, useEnable, useRenewRecovery, useSetUp } from '../api/two-factor';
import { groupKey, recoveryFileName, recoveryText, saveTextFile } from '../model/recovery';
import { useTwoFactorTexts } from '../texts';
import { useEnrolCodeField, useRecoveryCodeField } from './use-second-step';

/** LOW_CODES: at or below this many unused recovery codes the row suggests new ones. */
export const LOW_CODES = 3;

type T = (key: string) => string;

/**
 * fieldRules: an empty field is refused on submit only (leaving it to copy the key or press
 * Cancel is no mistake), a malformed one as soon as it is left (the forms validate on blur).
 */
export function fieldRules(t: T, ok: (value: string) => boolean, key: string) {
  const refuse = () => Promise.reject(new Error(t(key)));
  const text = (v: unknown) => String(v ?? '').trim();
  return [
    { validateTrigger: 'onSubmit', validator: (_: unknown, v: unknown) => (text(v) ? Promise.resolve() : refuse()) },
    { validator: (_: unknown, v: unknown) => (!text(v) || ok(text(v)) ? Promise.resolve() : refuse()) },
  ];
}

/** useTwoFactorPanel is the basic-info row: on or off, the recovery codes left, and the texts. */
export function useTwoFactorPanel() {
  const texts = useTwoFactorTexts();
  const status = useTwoFactorStatus();
  const { t } = texts;
  const s = status.data;
  const enabled = s?.enabled ?? false;
  const left = s?.recoveryCodesLeft ?? 0;
  return {
    texts,
    loading: !texts.ready || (status.isLoading && !s),
    failed: status.isError && !s,
    retry: () => void status.refetch(),
    enabled,
    left,
    /** low: few recovery codes left, time for new ones. */
    low: enabled && left <= LOW_CODES,
    label: t(enabled ? 'on' : 'off'),
    summary: enabled ? t('summaryOn', { count: left }) : t('summaryOff'),
  };
}

/** useRecoveryCodes is the shown-once list: copy all, download as .txt, and "I have saved them". */
export function useRecoveryCodes(codes: string[] | null) {
  const { t } = useTwoFactorTexts();
  const format = useFormat();
  const [saved, setSaved] = useState(false);
  const text = () => recoveryText(codes ?? [], t('codes.fileHead', { date: format.date(Date.now()) }), t('codes.fileNote'));
  return {
    codes: codes ?? [],
    saved,
    setSaved,
    copyAll: async () => {
      const ok = await copyText(text());
      notify(ok ? 'success' : 'error', t(ok ? 'copied' : 'copyFailed'));
    },
    download: () => saveTextFile(recoveryFileName(), text()),
  };
}

export type RecoveryCodesState = ReturnType<typeof useRecoveryCodes>;

/**
 * useCodesStep is the second step of the set-up and renew dialogs: once the server answers
 * with codes (show), they are shown once; the dialog cannot close until they are saved.
 */
function useCodesStep(onClose: () => void) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const recovery = useRecoveryCodes(codes);
  const step: 1 | 2 = codes ? 2 : 1;
  return {
    show: setCodes,
    view: {
      step,
      recovery,
      /** closable: the recovery codes are shown once, so the dialog stays until they are saved. */
      closable: step === 1 || recovery.saved,
      finish: () => {
        if (recovery.saved) onClose();
      },
    },
  };
}

/**
 * useEnrolForm runs the set-up dialog: it asks for a new key when it opens, shows it as a QR
 * code and as text, turns two-factor sign-in on with the first code from the app, then shows
 * the recovery codes. The dialog cannot close while the codes show until they are saved.
 */
export function useEnrolForm<F extends FieldForm>(useForm: UseForm<F>, onClose: () => void) {
  const [form] = useForm();
  const { t } = useTwoFactorTexts();
  const code = useEnrolCodeField();
  const setup = useSetUp();
  const enable = useEnable();
  const codes = useCodesStep(onClose);
  const started = useRef(false);
  const { mutate } = setup;
  useEffect(() => {
    // Once per dialog: a second set-up would replace the key the QR code shows.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const enrolment = setup.data?.data ?? null;
  const onFinish = async (values: { code?: string }) => {
    try {
      const answer = await enable.mutateAsync(totpInput(values.code));
      notify('success', answer.msg);
      codes.show(answer.data.recoveryCodes);
    } catch (err) {
      form.setFields([{ name: 'code', errors: errorsOf(err) }]);
    }
  };
  return {
    form,
    t,
    /** code is the authenticator-code input's field and attributes. */
    code,
    ...codes.view,
    steps: [t('enrol.stepScan'), t('enrol.stepCodes')],
    enrolment,
    /** key is the secret in groups of four, for typing into an app. */
    key: enrolment ? groupKey(enrolment.secret) : '',
    loading: !enrolment && !setup.isError,
    setupError: setup.isError ? errorMessage(setup.error) || t('enrol.setupFailed') : null,
    retry: () => mutate(),
    copyKey: async () => {
      const ok = await copyText(enrolment?.secret ?? '');
      notify(ok ? 'success' : 'error', t(ok ? 'copied' : 'copyFailed'));
    },
    onFinish,
    pending: enable.isPending,
    rules: { code: fieldRules(t, isTotpCode, 'rules.code') },
  };
}

/** useRenewForm makes new recovery codes after a code; the old ones stop working. */
export function useRenewForm<F extends FieldForm>(useForm: UseForm<F>, onClose: () => void) {
  const [form] = useForm();
  const { t } = useTwoFactorTexts();
  const renew = useRenewRecovery();
  const codes = useCodesStep(onClose);
  const onFinish = async (values: { code?: string }) => {
    try {
      const answer = await renew.mutateAsync(secondFactorCode(values.code));
      codes.show(answer.data.recoveryCodes);
    } catch (err) {
      form.setFields([{ name: 'code', errors: errorsOf(err) }]);
    }
  };
  const codeField = useRecoveryCodeField('two-factor-renew-code');
  return {
    form,
    t,
    /** code is the recovery-code input's field and attributes. */
    code: codeField,
    ...codes.view,
    onFinish,
    pending: renew.isPending,
    rules: { code: fieldRules(t, isSecondFactorCode, 'rules.secondFactor') },
  };
}

/** useDisableForm turns two-factor sign-in off with the password and a code; a refusal shows above the buttons. */
export function useDisableForm<F extends FieldForm>(useForm: UseForm<F>, onClose: () => void) {
  const [form] = useForm();
  const { t } = useTwoFactorTexts();
  const disable = useDisable();
  const [error, setError] = useState('');
  const onFinish = async (values: { password?: string; code?: string }) => {
    setError('');
    try {
      const answer = await disable.mutateAsync({ password: trimPassword(values.password), code: secondFactorCode(values.code) });
      notify('success', answer.msg);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const codeField = useRecoveryCodeField('two-factor-disable-code');
  return {
    form,
    t,
    /** code is the recovery-code input's field and attributes. */
    code: codeField,
    onFinish,
    error,
    clearError: () => setError(''),
    pending: disable.isPending,
    rules: {
      password: fieldRules(t, (s) => trimPassword(s) !== '', 'rules.password'),
      code: fieldRules(t, isSecondFactorCode, 'rules.secondFactor'),
    },
  };
}
