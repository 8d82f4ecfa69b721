// The basic-info dialogs' form glue, once for the desktop (antd) and phone (antd-mobile)
// layouts: what each submit does, where a refusal is shown, which rules each field has,
// and the texts that depend on the step. The layouts only place widgets.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCaptchaTicket } from '@/features/auth/hooks/use-captcha-ticket';
import { useCodeButton } from '@/features/auth/hooks/use-code-button';
import { errorsOf, type FieldForm, type UseForm } from '@/lib/field-form';
import { notify } from '@/lib/notify';
import { checkCode, checkEmail, checkNewPassword, checkNickname, checkPasswordPresent, checkPhone, checkRepeatPassword, fieldRule } from '@/lib/validation';
import { useAccountTypes } from '../api/get-account-types';
import { useCancelAccount } from '../api/cancel-account';
import { useChangeAccountType } from '../api/change-account-type';
import { useUpdateNickname } from '../api/update-nickname';
import { displayName, maskEmail, maskPhone } from '../model/mask';
import type { BaseInfo, Channel } from '../model/types';
import { useContactFlow, type ProofBy } from './use-contact-flow';
import { usePasswordFlow, type PasswordTab } from './use-password-flow';

export type { FieldForm, UseForm } from '@/lib/field-form';
export { errorsOf } from '@/lib/field-form';

const text = (v: unknown) => String(v ?? '').trim();

/** useNicknameForm edits the nickname; the same name closes without a call. */
export function useNicknameForm<F extends FieldForm>(useForm: UseForm<F>, user: BaseInfo | undefined, onClose: () => void) {
  const [form] = useForm();
  const { t } = useTranslation();
  const rename = useUpdateNickname();
  const current = displayName(user);
  const onFinish = async ({ nickName }: { nickName: string }) => {
    const next = nickName.trim();
    if (next === current) return onClose();
    try {
      const answer = await rename.mutateAsync(next);
      notify('success', answer.msg || t('messages.operateSuccess'));
      onClose();
    } catch (err) {
      form.setFields([{ name: 'nickName', errors: errorsOf(err) }]);
    }
  };
  return { form, t, current, onFinish, pending: rename.isPending, rule: fieldRule(t, checkNickname) };
}

/** ContactValues are the contact dialog's fields. */
export interface ContactValues {
  target?: string;
  code?: string;
  /** currentCode: step 1's code (a change: to the current contact; a bind: to the other contact). */
  currentCode?: string;
  /** password: a bind's step 1 by the login password. */
  password?: string;
}

/** contactTitle is the contact dialog's title: bind when none is bound, else change. */
export function useContactTitle(user: BaseInfo | undefined, channel: Channel): string {
  const { t } = useTranslation();
  const isPhone = channel === 'phone';
  const bound = Boolean(isPhone ? user?.phone : user?.email);
  return t(!bound ? (isPhone ? 'info.bindPhone' : 'info.bindEmail') : isPhone ? 'info.changePhone' : 'info.changeEmail');
}

/**
 * useContactForm binds a phone or email when none is bound, else changes it, in two
 * steps. Step 1 proves who asks: a bind by the login password or a code to the contact
 * the account has, a change by a code to the current one; step 2 takes the new one with
 * its own code.
 */
export function useContactForm<F extends FieldForm>(useForm: UseForm<F>, user: BaseInfo | undefined, channel: Channel, onClose: () => void) {
  const [form] = useForm();
  const { t } = useTranslation();
  const isPhone = channel === 'phone';
  const current = (isPhone ? user?.phone : user?.email) ?? '';
  const other = (isPhone ? user?.email : user?.phone) ?? '';
  const flow = useContactFlow(channel, current, onClose, other);
  const captcha = useCaptchaTicket();
  const currentButton = useCodeButton({
    captcha,
    prepare: () => true,
    send: (ticket) => (flow.mode === 'bind' ? flow.sendProof(ticket) : flow.sendCurrent(ticket)),
    onError: (m) => form.setFields([{ name: 'currentCode', errors: [m] }]),
  });
  const targetButton = useCodeButton({
    captcha,
    prepare: () => form.validateFields(['target']).then(() => true, () => false),
    send: (ticket) => {
      const target = text(form.getFieldValue('target'));
      return flow.mode === 'bind' ? flow.sendBind(target, ticket) : flow.sendNew(target, ticket);
    },
    onError: (m) => form.setFields([{ name: 'code', errors: [m] }]),
  });
  const verifying = flow.step === 1;
  const byPassword = flow.mode === 'bind' && flow.proofBy === 'password';
  const onFinish = async (values: ContactValues) => {
    try {
      if (flow.step === 2) {
        if (flow.mode === 'bind') await flow.bind(text(values.target), text(values.code));
        else await flow.change(text(values.target), text(values.code));
      } else if (flow.mode === 'bind') {
        await flow.verifyProof(byPassword ? String(values.password ?? '') : text(values.currentCode));
      } else {
        await flow.verifyCurrent(text(values.currentCode));
      }
    } catch (err) {
      form.setFields([{ name: !verifying ? 'code' : byPassword ? 'password' : 'currentCode', errors: errorsOf(err) }]);
    }
  };
  const proofOnPhone = flow.proofChannel === 'phone';
  const maskedOther = proofOnPhone ? maskPhone(other) : maskEmail(other);
  return {
    form,
    t,
    flow,
    captcha,
    isPhone,
    verifying,
    /** byPassword: step 1 of a bind asks for the login password (else a code). */
    byPassword,
    currentButton,
    targetButton,
    onFinish,
    /** choosesProof: step 1 of a bind with more than one way through shows the ways as tabs. */
    choosesProof: flow.mode === 'bind' && verifying && flow.proofMethods.length > 1,
    /** proofTabs are a bind's ways through step 1; selectProof switches and clears the form. */
    proofTabs: flow.proofMethods.map((key) => ({ key, label: t(key === 'password' ? 'info.loginPassword' : proofOnPhone ? 'info.byPhone' : 'info.byEmail') })),
    selectProof: (key: ProofBy) => {
      flow.setProofBy(key);
      form.resetFields();
    },
    /** note says what step 1 asks for: the password, or where the code goes. */
    note:
      flow.mode === 'change'
        ? t(isPhone ? 'info.verifyCurrentPhone' : 'info.verifyCurrentEmail', { target: isPhone ? maskPhone(current) : maskEmail(current) })
        : byPassword
          ? t('info.bindProofNote')
          : t(proofOnPhone ? 'info.codeToPhone' : 'info.codeToEmail', { target: maskedOther }),
    /** holdNote: what a bind or change holds back for a day. */
    holdNote: t('info.contactHoldNote'),
    steps: [t(flow.mode === 'bind' ? 'info.stepIdentity' : 'info.stepVerify'), t(isPhone ? 'info.stepNewPhone' : 'info.stepNewEmail')],
    targetLabel: t(flow.mode === 'bind' ? (isPhone ? 'auth.phone' : 'auth.email') : isPhone ? 'info.newPhone' : 'info.newEmail'),
    submitLabel: verifying ? t('dialog.next') : flow.mode === 'bind' ? t('info.bindButton') : t('dialog.confirm'),
    rules: { target: fieldRule(t, isPhone ? checkPhone : checkEmail), code: fieldRule(t, checkCode), password: fieldRule(t, checkPasswordPresent) },
  };
}

/** PasswordValues are the password dialog's fields. */
export interface PasswordValues {
  oldPassword?: string;
  code?: string;
  newPassword?: string;
  confirm?: string;
}

/** usePasswordForm changes the password in two steps, proving identity by the old password, a phone code or an email code. */
export function usePasswordForm<F extends FieldForm>(useForm: UseForm<F>, user: BaseInfo | undefined, onClose: () => void) {
  const [form] = useForm();
  const { t } = useTranslation();
  const flow = usePasswordFlow(user, onClose);
  const captcha = useCaptchaTicket();
  const codeButton = useCodeButton({
    captcha,
    prepare: () => true,
    send: flow.send,
    onError: (m) => form.setFields([{ name: 'code', errors: [m] }]),
  });
  const onFinish = async (values: PasswordValues) => {
    const step = flow.step;
    try {
      if (step === 1) {
        await flow.verify(flow.tab === 'old' ? (values.oldPassword ?? '') : (values.code ?? ''));
        form.setFieldsValue({ newPassword: '', confirm: '' });
      } else {
        await flow.update(values.newPassword ?? '');
      }
    } catch (err) {
      form.setFields([{ name: step === 1 ? (flow.tab === 'old' ? 'oldPassword' : 'code') : 'newPassword', errors: errorsOf(err) }]);
    }
  };
  const selectTab = useCallback(
    (key: PasswordTab) => {
      if (flow.selectTab(key)) form.resetFields();
    },
    [flow, form],
  );
  const target = flow.tab === 'phone' ? maskPhone(user?.phone) : flow.tab === 'email' ? maskEmail(user?.email) : '';
  return {
    form,
    t,
    flow,
    captcha,
    codeButton,
    onFinish,
    selectTab,
    tabs: [
      { key: 'old' as PasswordTab, label: t('info.byOldPassword') },
      { key: 'phone' as PasswordTab, label: t('info.byPhone') },
      { key: 'email' as PasswordTab, label: t('info.byEmail') },
    ],
    steps: [t('info.stepIdentity'), t('info.stepNewPassword')],
    note: t(flow.tab === 'phone' ? 'info.codeToPhone' : 'info.codeToEmail', { target }),
    submitLabel: flow.step === 1 ? t('dialog.next') : t('dialog.confirm'),
    rules: {
      old: fieldRule(t, checkPasswordPresent),
      code: fieldRule(t, checkCode),
      next: fieldRule(t, checkNewPassword),
      repeat: ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) =>
        fieldRule(t, (v) => checkRepeatPassword(String(getFieldValue('newPassword') ?? ''), v)),
    },
  };
}

/** useAccountTypeForm changes the account type; the same type closes without a call (SPEC.md section 4). */
export function useAccountTypeForm(user: BaseInfo | undefined, lang: string, onClose: () => void) {
  const { t } = useTranslation();
  const types = useAccountTypes(lang);
  const change = useChangeAccountType();
  const current = user?.accountTypeCode ?? '';
  const [selected, setSelected] = useState(current);
  const save = async () => {
    if (!selected || selected === current) return onClose();
    try {
      const answer = await change.mutateAsync(selected);
      notify('success', answer.msg || t('messages.operateSuccess'));
      onClose();
    } catch {
      // The client already showed the server's message; the dialog stays open.
    }
  };
  return { t, types: types.data ?? [], loading: types.isLoading, current, selected, setSelected, save, pending: change.isPending };
}

/** useCancelAccountForm cancels the account after the password, then goes home. */
export function useCancelAccountForm<F extends FieldForm>(useForm: UseForm<F>, home: string, onCancelled: () => void) {
  const [form] = useForm();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = useCancelAccount();
  const onFinish = async (values: { password: string }) => {
    try {
      const answer = await cancel.mutateAsync(values.password.trim());
      notify('success', answer.msg || t('messages.accountCancelled'));
      onCancelled();
      navigate(home, { replace: true });
    } catch (err) {
      form.setFields([{ name: 'password', errors: errorsOf(err) }]);
    }
  };
  return { form, t, onFinish, pending: cancel.isPending, rule: fieldRule(t, checkPasswordPresent) };
}
