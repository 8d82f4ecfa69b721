import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { MobileTabs } from '@/components/mobile-tabs';
import { mobilePaths } from '@/config/paths';
import { sendCode } from '@/features/auth/api/send-code';
import { MobileCodeButton } from '@/features/auth/components/mobile-code-button';
import { MobileSliderCaptcha } from '@/features/auth/components/mobile-slider-captcha';
import { TermsText } from '@/features/auth/components/terms';
import { MobileVerifyRow } from '@/features/auth/components/mobile-verify-row';
import { useCaptchaTicket } from '@/features/auth/hooks/use-captcha-ticket';
import { useCodeButton } from '@/features/auth/hooks/use-code-button';
import { useLoginSubmit } from '@/features/auth/hooks/use-login-submit';
import { canSubmitLogin, loginChannel, type LoginValues } from '@/features/auth/model/forms';
import type { LoginMethod } from '@/features/auth/model/types';
import { LIMITS, PHONE_PREFIX, checkCode, checkLoginAccount, checkPasswordPresent, codeInput, contactMode, fieldRule } from '@/lib/validation';
import { useLegalLinks } from '../../use-legal-links';
import { FieldInput } from '../field-input';
import { MobileAuthFrame } from './mobile-auth-frame';

/** MobileLogin is /mobile/login: the login page for phones, full width with big touch targets. */
export function MobileLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const [method, setMethod] = useState<LoginMethod>('pwd');
  const captcha = useCaptchaTicket();
  const links = useLegalLinks('mobile');
  const login = useLoginSubmit(captcha, () => navigate(mobilePaths.home, { replace: true }));

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

  return (
    <MobileAuthFrame titleKey="pages.login" leadKey="auth.loginLead">
      <MobileTabs
        label={t('auth.loginMethod')}
        active={method}
        onChange={(key) => {
          setMethod(key);
          login.clearError();
        }}
        tabs={[
          { key: 'pwd', label: t('auth.tabPassword') },
          { key: 'code', label: t('auth.tabCode') },
        ]}
      />
      <Form
        form={form}
        name="mlogin"
        layout="vertical"
        requiredMarkStyle="none"
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(values: LoginValues) => login.submit(values, method)}
        onValuesChange={() => login.error && login.clearError()}
        initialValues={{ agree: false }}
        footer={
          <div className="up-mform__actions">
            {login.error ? (
              <p className="up-mform__alert" role="alert" data-testid="form-error">
                {login.error}
              </p>
            ) : null}
            <Button block type="submit" color="primary" size="large" className="up-mform__submit" disabled={!ready} loading={login.pending} data-testid="submit">
              {t('auth.loginButton')}
            </Button>
            <div className="up-mauth__links">
              <span>
                {t('auth.noAccount')} <Link to={mobilePaths.register}>{t('auth.goRegister')}</Link>
              </span>
              <Link to={mobilePaths.home}>{t('common.backHome')}</Link>
            </div>
          </div>
        }
      >
        <Form.Item name="account" label={t('auth.account')} rules={[fieldRule(t, checkLoginAccount)]}>
          <FieldInput
            prefix={mode === 'phone' ? PHONE_PREFIX : undefined}
            maxLength={LIMITS.loginInputMax}
            autoComplete="username"
            placeholder={t('auth.accountPlaceholder')}
            clearable
          />
        </Form.Item>
        {method === 'pwd' ? (
          <Form.Item name="password" label={t('auth.password')} rules={[fieldRule(t, checkPasswordPresent)]}>
            <Input type="password" maxLength={LIMITS.loginInputMax} autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} />
          </Form.Item>
        ) : (
          <Form.Item name="code" label={t('auth.code')} rules={[fieldRule(t, checkCode)]} normalize={codeInput}>
            <FieldInput after={<MobileCodeButton code={codeButton} />} maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
          </Form.Item>
        )}
        {method === 'pwd' ? (
          <Form.Item>
            <MobileVerifyRow captcha={captcha} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: (_: unknown, v: unknown) => (v ? Promise.resolve() : Promise.reject(new Error(t('validation.agreeTerms')))) }]}
        >
          <Checkbox data-testid="terms">
            <TermsText links={links} />
          </Checkbox>
        </Form.Item>
      </Form>
      <MobileSliderCaptcha captcha={captcha} />
    </MobileAuthFrame>
  );
}
