import { Alert, Button, Checkbox, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
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
import { useLoginSubmit } from '@/features/auth/hooks/use-login-submit';
import { canSubmitLogin, loginChannel, type LoginValues } from '@/features/auth/model/forms';
import type { LoginMethod } from '@/features/auth/model/types';
import { LIMITS, checkCode, checkLoginAccount, checkPasswordPresent, codeInput, contactMode, fieldRule } from '@/lib/validation';
import { useLegalLinks } from '../../use-legal-links';
import { AuthCard } from './auth-card';

/** DesktopLogin is /login: password or code login with one phone-or-email input (SPEC.md section 2). */
export function DesktopLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const [method, setMethod] = useState<LoginMethod>('pwd');
  const captcha = useCaptchaTicket();
  const links = useLegalLinks('pc');
  const login = useLoginSubmit(captcha, () => navigate(paths.home, { replace: true }));

  const account = Form.useWatch('account', form);
  const password = Form.useWatch('password', form);
  const code = Form.useWatch('code', form);
  const agree = Form.useWatch('agree', form);
  const mode = contactMode(account);
  const ready = canSubmitLogin({ account, password, code, agree }, method);

  const codeButton = useCodeButton({
    captcha,
    prepare: () => form.validateFields(['account']).then(() => true, () => false),
    send: (ticket) => {
      const target = String(form.getFieldValue('account') ?? '').trim();
      return sendCode({ channel: loginChannel(target) ?? 'email', target, scene: 'login', ticket });
    },
    onError: (message) => form.setFields([{ name: 'code', errors: [message] }]),
  });

  const accountField = (
    <Form.Item name="account" label={t('auth.account')} rules={[fieldRule(t, checkLoginAccount)]} validateDebounce={300}>
      <Input
        size="large"
        prefix={
          <span className={`up-cc${mode === 'phone' ? '' : ' up-cc--off'}`} data-testid="phone-prefix">
            +86
          </span>
        }
        maxLength={LIMITS.loginInputMax}
        autoComplete="username"
        placeholder={t('auth.accountPlaceholder')}
      />
    </Form.Item>
  );
  const passwordPane = (
    <>
      {accountField}
      <Form.Item name="password" label={t('auth.password')} rules={[fieldRule(t, checkPasswordPresent)]}>
        <Input.Password size="large" maxLength={LIMITS.loginInputMax} autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} />
      </Form.Item>
      <DesktopVerifyRow captcha={captcha} />
    </>
  );
  const codePane = (
    <>
      {accountField}
      <Form.Item label={t('auth.code')} htmlFor="login_code" required>
        <div className="up-code-row">
          <Form.Item name="code" noStyle rules={[fieldRule(t, checkCode)]} normalize={codeInput}>
            <Input size="large" maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
          </Form.Item>
          <DesktopCodeButton code={codeButton} size="large" />
        </div>
      </Form.Item>
    </>
  );

  return (
    <AuthCard
      titleKey="pages.login"
      leadKey="auth.loginLead"
      footer={
        <>
          <span>
            {t('auth.noAccount')} <Link to={paths.register}>{t('auth.goRegister')}</Link>
          </span>
          <Link to={paths.home}>{t('common.backHome')}</Link>
        </>
      }
    >
      <Form
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(values) => login.submit(values, method)}
        onValuesChange={() => login.error && login.clearError()}
        initialValues={{ agree: false }}
        data-testid="login-form"
      >
        <Tabs
          centered
          destroyOnHidden
          activeKey={method}
          onChange={(key) => {
            setMethod(key as LoginMethod);
            login.clearError();
          }}
          items={[
            { key: 'pwd', label: t('auth.tabPassword'), children: passwordPane },
            { key: 'code', label: t('auth.tabCode'), children: codePane },
          ]}
        />
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
        {login.error ? <Alert className="up-auth__alert" type="error" showIcon message={login.error} role="alert" data-testid="form-error" /> : null}
        <Button type="primary" htmlType="submit" size="large" block disabled={!ready} loading={login.pending} data-testid="submit">
          {t('auth.loginButton')}
        </Button>
      </Form>
      <DesktopSliderCaptcha captcha={captcha} />
    </AuthCard>
  );
}
