// The login and register forms' glue, once for the desktop (antd) and phone (antd-mobile)
// pages: the chosen tab, what the form holds so far (from its onValuesChange, so the
// submit button knows when it may be pressed), the code button, submit and the rules.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCode, checkEmail, checkLoginAccount, checkNewPassword, checkNickname, checkPasswordPresent, checkPhone, checkRepeatPassword, contactMode, fieldRule, LIMITS } from '@/lib/validation';
import { sendCode } from '../api/send-code';
import {
  canSubmitLogin,
  canSubmitRegister,
  carryFromLogin,
  carryFromRegister,
  loginChannel,
  loginStart,
  registerStart,
  type AuthCarry,
  type LoginValues,
  type RegisterValues,
} from '../model/forms';
import type { Channel, LoginMethod } from '../model/types';
import { useCaptchaTicket } from './use-captcha-ticket';
import { useCodeButton } from './use-code-button';
import { useLoginSubmit } from './use-login-submit';
import { useRegisterSubmit } from './use-register-submit';

/** AuthForm is what the glue needs of a form; antd's and antd-mobile's instances have it. */
export interface AuthForm {
  setFields(fields: Array<{ name: string; value?: unknown; errors: string[] }>): void;
  getFieldValue(name: string): unknown;
  validateFields(names: string[]): Promise<unknown>;
}

/** useAgreeRule is the terms checkbox's rule: it must be ticked. */
function useAgreeRule() {
  const { t } = useTranslation();
  return { validator: (_: unknown, v: unknown) => (v ? Promise.resolve() : Promise.reject(new Error(t('validation.agreeTerms')))) };
}

/**
 * REGISTER_PASS_KEEP_MS is how long the register form shows its slider as passed once a
 * code went out on it: the code's own life (10 minutes, docs/accounts.md "Verification
 * codes"). The submit needs no ticket (the code is the slider's proof), so within it the
 * form never offers the slider again; past it the code is dead and a new send needs a new
 * pass, which the row then offers.
 */
export const REGISTER_PASS_KEEP_MS = 10 * 60_000;

/** formProps are what the login and register forms of both sizes give their Form: checked on change and on leaving a field. */
function formProps<V>(initialValues: V, onValuesChange: (changed: unknown, all: V) => void, onFinish: (v: V) => unknown) {
  return { layout: 'vertical' as const, validateTrigger: ['onChange', 'onBlur'], initialValues, onValuesChange, onFinish };
}

/**
 * useWatchedValues keeps a form's values for what the page works out from them (the
 * submit's readiness, what the other page is handed), and clears a refusal the submit
 * shows as soon as a field is edited.
 */
function useWatchedValues<V>(initial: V, submit: { error: unknown; clearError: () => void }) {
  const [values, setValues] = useState<V>(initial);
  const onValuesChange = (_: unknown, all: V) => {
    setValues(all);
    if (submit.error) submit.clearError();
  };
  return { values, setValues, onValuesChange };
}

/**
 * useLoginForm: password or code login with one phone-or-email input (SPEC.md section 2).
 * carry is what the register page handed over (its phone or email, the terms ticked).
 */
export function useLoginForm(form: AuthForm, goHome: () => void, carry: AuthCarry = {}) {
  const { t } = useTranslation();
  const [method, setMethodState] = useState<LoginMethod>('pwd');
  const [initialValues] = useState(() => loginStart(carry));
  const captcha = useCaptchaTicket();
  const login = useLoginSubmit(captcha, goHome);
  const { values, onValuesChange } = useWatchedValues<LoginValues>(initialValues, login);
  const agree = useAgreeRule();
  const codeButton = useCodeButton({
    captcha,
    prepare: () => form.validateFields(['account']).then(() => true, () => false),
    send: (ticket) => {
      const target = String(form.getFieldValue('account') ?? '').trim();
      return sendCode({ channel: loginChannel(target) ?? 'email', target, scene: 'login', ticket });
    },
    onError: (message) => form.setFields([{ name: 'code', errors: [message] }]),
  });
  const onFinish = (v: LoginValues) => login.submit(v, method);
  return {
    method,
    setMethod: (m: LoginMethod) => {
      setMethodState(m);
      login.clearError();
    },
    tabs: [
      { key: 'pwd' as LoginMethod, label: t('auth.tabPassword') },
      { key: 'code' as LoginMethod, label: t('auth.tabCode') },
    ],
    captcha,
    login,
    codeButton,
    /** initialValues are the form's first values (what the register page handed over). */
    initialValues,
    /** carry is what the "Sign up" link hands the register page. */
    carry: carryFromLogin(values),
    /** mode is what the account input looks like so far: a phone shows the +86 prefix. */
    mode: contactMode(values.account),
    ready: canSubmitLogin(values, method),
    onValuesChange,
    onFinish,
    /** formProps are the form's layout, triggers, first values and handlers, for either size's Form. */
    formProps: formProps(initialValues, onValuesChange, onFinish),
    rules: { account: fieldRule(t, checkLoginAccount), password: fieldRule(t, checkPasswordPresent), code: fieldRule(t, checkCode), agree },
  };
}

/**
 * useRegisterForm: phone or email sign-up with a code, the slider and the terms. The
 * slider is passed once, for the code; the submit needs none and logs the new account in
 * (goHome). carry is what the login page handed over.
 */
export function useRegisterForm(form: AuthForm, goHome: () => void, carry: AuthCarry = {}) {
  const { t } = useTranslation();
  const [start] = useState(() => registerStart(carry));
  const [channel, setChannel] = useState<Channel>(start.channel);
  const captcha = useCaptchaTicket({ keepPassedMs: REGISTER_PASS_KEEP_MS });
  const registration = useRegisterSubmit(goHome);
  const { values, setValues, onValuesChange } = useWatchedValues<RegisterValues>(start.values, registration);
  const agree = useAgreeRule();
  const codeButton = useCodeButton({
    captcha,
    prepare: () => form.validateFields([channel]).then(() => true, () => false),
    send: (ticket) => sendCode({ channel, target: String(form.getFieldValue(channel) ?? '').trim(), scene: 'register', ticket }),
    onError: (message) => form.setFields([{ name: 'code', errors: [message] }]),
  });

  // A tab switch shows the fields afresh: say again what is wrong with those already filled.
  useEffect(() => {
    const filled = ['nickName', 'password', 'repeat'].filter((name) => String(form.getFieldValue(name) ?? '') !== '');
    if (filled.length) form.validateFields(filled).catch(() => undefined);
  }, [channel, form]);

  const switchTo = useCallback(
    (next: Channel) => {
      setChannel(next);
      registration.clearError();
      form.setFields([
        { name: 'code', value: '', errors: [] },
        { name: next === 'phone' ? 'email' : 'phone', errors: [] },
      ]);
      setValues((v) => ({ ...v, code: '' }));
    },
    [form, registration],
  );

  const onFinish = (v: RegisterValues) => registration.submit(v, channel);
  return {
    channel,
    switchTo,
    tabs: [
      { key: 'phone' as Channel, label: t('auth.tabPhone') },
      { key: 'email' as Channel, label: t('auth.tabEmail') },
    ],
    captcha,
    registration,
    codeButton,
    /** initialValues are the form's first values (what the login page handed over). */
    initialValues: start.values,
    /** carry is what the "Log in" link hands the login page. */
    carry: carryFromRegister(values, channel),
    ready: canSubmitRegister(values, channel),
    // The email form takes longer passwords into its inputs; the rule stays 8-20.
    passwordMax: channel === 'email' ? LIMITS.passwordInputMax : LIMITS.passwordMax,
    onValuesChange,
    onFinish,
    formProps: formProps(start.values, onValuesChange, onFinish),
    rules: {
      nickName: fieldRule(t, checkNickname),
      phone: fieldRule(t, checkPhone),
      email: fieldRule(t, checkEmail),
      code: fieldRule(t, checkCode),
      password: fieldRule(t, checkNewPassword),
      repeat: ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) =>
        fieldRule(t, (v) => checkRepeatPassword(String(getFieldValue('password') ?? ''), v)),
      agree,
    },
  };
}
