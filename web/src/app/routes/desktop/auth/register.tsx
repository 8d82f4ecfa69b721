import { Alert, Button, Checkbox, Form, Input, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { sendCode } from '@/features/auth/api/send-code';
import { DesktopCodeButton } from '@/features/auth/components/desktop-code-button';
import { DesktopSliderCaptcha } from '@/features/auth/components/desktop-slider-captcha';
import { TermsText } from '@/features/auth/components/terms';
import { DesktopVerifyRow } from '@/features/auth/components/desktop-verify-row';
import { useCaptchaTicket } from '@/features/auth/hooks/use-captcha-ticket';
import { useCodeButton } from '@/features/auth/hooks/use-code-button';
import { useRegisterSubmit } from '@/features/auth/hooks/use-register-submit';
import { canSubmitRegister, type RegisterValues } from '@/features/auth/model/forms';
import type { Channel } from '@/features/auth/model/types';
import {
  LIMITS,
  PHONE_PREFIX,
  checkCode,
  checkEmail,
  checkNewPassword,
  checkNickname,
  checkPhone,
  checkRepeatPassword,
  codeInput,
  fieldRule,
  phoneInput,
} from '@/lib/validation';
import { useLegalLinks } from '../../use-legal-links';
import { AuthCard } from './auth-card';

/** DesktopRegister is /register: phone or email sign-up with a code, the slider and the terms. */
export function DesktopRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [channel, setChannel] = useState<Channel>('phone');
  const captcha = useCaptchaTicket();
  const links = useLegalLinks('pc');
  const registration = useRegisterSubmit(() => navigate(paths.login, { replace: true }));

  const values: RegisterValues = {
    nickName: Form.useWatch('nickName', form),
    phone: Form.useWatch('phone', form),
    email: Form.useWatch('email', form),
    code: Form.useWatch('code', form),
    password: Form.useWatch('password', form),
    repeat: Form.useWatch('repeat', form),
    agree: Form.useWatch('agree', form),
  };
  const ready = canSubmitRegister(values, channel);
  // The email form takes longer passwords into its inputs; the rule stays 8-20.
  const passwordMax = channel === 'email' ? LIMITS.passwordInputMax : LIMITS.passwordMax;

  const codeButton = useCodeButton({
    captcha,
    prepare: () => form.validateFields([channel]).then(() => true, () => false),
    send: (ticket) => sendCode({ channel, target: String(form.getFieldValue(channel) ?? '').trim(), scene: 'register', ticket }),
    onError: (message) => form.setFields([{ name: 'code', errors: [message] }]),
  });

  // A tab switch shows the fields afresh: say again what is wrong with those already filled.
  useEffect(() => {
    const filled = (['nickName', 'password', 'repeat'] as const).filter((name) => String(form.getFieldValue(name) ?? '') !== '');
    if (filled.length) form.validateFields([...filled]).catch(() => undefined);
  }, [channel, form]);

  const switchTo = (next: Channel) => {
    setChannel(next);
    registration.clearError();
    form.setFields([
      { name: 'code', value: '', errors: [] },
      { name: next === 'phone' ? 'email' : 'phone', errors: [] },
    ]);
  };

  // Both tabs show the same fields; only the contact field differs, by channel.
  const fields = (
    <>
      <Form.Item name="nickName" label={t('auth.nickname')} rules={[fieldRule(t, checkNickname)]} extra={t('auth.nicknameHint')}>
        <Input size="large" maxLength={LIMITS.nicknameMax} autoComplete="nickname" placeholder={t('auth.nicknamePlaceholder')} />
      </Form.Item>
      {channel === 'phone' ? (
        <Form.Item name="phone" label={t('auth.phone')} rules={[fieldRule(t, checkPhone)]} normalize={phoneInput} validateDebounce={300}>
          <Input size="large" prefix={<span className="up-cc">{PHONE_PREFIX}</span>} inputMode="numeric" autoComplete="tel-national" placeholder={t('auth.phonePlaceholder')} />
        </Form.Item>
      ) : (
        <Form.Item name="email" label={t('auth.email')} rules={[fieldRule(t, checkEmail)]} validateDebounce={300}>
          <Input size="large" type="email" maxLength={LIMITS.emailMax} autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
      )}
      <Form.Item label={t('auth.code')} htmlFor="register_code" required>
        <div className="up-code-row">
          <Form.Item name="code" noStyle rules={[fieldRule(t, checkCode)]} normalize={codeInput}>
            <Input size="large" maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
          </Form.Item>
          <DesktopCodeButton code={codeButton} size="large" />
        </div>
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={[fieldRule(t, checkNewPassword)]} extra={t('auth.passwordHint')} validateDebounce={300}>
        <Input.Password size="large" maxLength={passwordMax} autoComplete="new-password" placeholder={t('auth.newPasswordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('auth.repeatPassword')}
        dependencies={['password']}
        validateDebounce={300}
        rules={[({ getFieldValue }) => fieldRule(t, (v) => checkRepeatPassword(getFieldValue('password'), v))]}
      >
        <Input.Password size="large" maxLength={passwordMax} autoComplete="new-password" placeholder={t('auth.repeatPlaceholder')} />
      </Form.Item>
    </>
  );

  return (
    <AuthCard
      titleKey="pages.register"
      leadKey="auth.registerLead"
      footer={
        <>
          <span>
            {t('auth.haveAccount')} <Link to={paths.login}>{t('auth.goLogin')}</Link>
          </span>
          <Link to={paths.home}>{t('common.backHome')}</Link>
        </>
      }
    >
      <Form
        form={form}
        name="register"
        layout="vertical"
        requiredMark={false}
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(v) => registration.submit(v, channel)}
        onValuesChange={() => registration.error && registration.clearError()}
        initialValues={{ agree: false }}
        data-testid="register-form"
      >
        <Tabs
          centered
          destroyOnHidden
          activeKey={channel}
          onChange={(key) => switchTo(key as Channel)}
          items={[
            { key: 'phone', label: t('auth.tabPhone'), children: fields },
            { key: 'email', label: t('auth.tabEmail'), children: fields },
          ]}
        />
        <DesktopVerifyRow captcha={captcha} />
        <Form.Item
          name="agree"
          valuePropName="checked"
          className="up-auth__terms"
          rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('validation.agreeTerms')))) }]}
        >
          <Checkbox data-testid="terms">
            <TermsText links={links} />
          </Checkbox>
        </Form.Item>
        {registration.error ? (
          <Alert className="up-auth__alert" type="error" showIcon message={registration.error} data-testid="form-error" />
        ) : null}
        <Button type="primary" htmlType="submit" size="large" block disabled={!ready} loading={registration.pending} data-testid="submit">
          {t('auth.registerButton')}
        </Button>
      </Form>
      <DesktopSliderCaptcha captcha={captcha} />
    </AuthCard>
  );
}
