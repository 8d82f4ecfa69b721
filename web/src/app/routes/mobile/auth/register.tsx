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
import { FieldInput } from '../field-input';
import { MobileAuthFrame } from './mobile-auth-frame';

/** MobileRegister is /mobile/register (also reached from an invite link, whose code it sends along). */
export function MobileRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [channel, setChannel] = useState<Channel>('phone');
  const captcha = useCaptchaTicket();
  const links = useLegalLinks('mobile');
  const registration = useRegisterSubmit(() => navigate(mobilePaths.login, { replace: true }));

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
  const passwordMax = channel === 'email' ? LIMITS.passwordInputMax : LIMITS.passwordMax;

  const codeButton = useCodeButton({
    captcha,
    prepare: () => form.validateFields([channel]).then(() => true, () => false),
    send: (ticket) => sendCode({ channel, target: String(form.getFieldValue(channel) ?? '').trim(), scene: 'register', ticket }),
    onError: (message) => form.setFields([{ name: 'code', errors: [message] }]),
  });

  const switchTo = (next: Channel) => {
    setChannel(next);
    registration.clearError();
    form.setFields([
      { name: 'code', value: '', errors: [] },
      { name: next === 'phone' ? 'email' : 'phone', errors: [] },
    ]);
  };

  return (
    <MobileAuthFrame titleKey="pages.register" leadKey="auth.registerLead">
      <MobileTabs
        label={t('auth.registerMethod')}
        active={channel}
        onChange={switchTo}
        tabs={[
          { key: 'phone', label: t('auth.tabPhone') },
          { key: 'email', label: t('auth.tabEmail') },
        ]}
      />
      <Form
        form={form}
        name="mregister"
        layout="vertical"
        requiredMarkStyle="none"
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(v: RegisterValues) => registration.submit(v, channel)}
        onValuesChange={() => registration.error && registration.clearError()}
        initialValues={{ agree: false }}
        footer={
          <div className="up-mform__actions">
            {registration.error ? (
              <p className="up-mform__alert" role="alert" data-testid="form-error">
                {registration.error}
              </p>
            ) : null}
            <Button block type="submit" color="primary" size="large" className="up-mform__submit" disabled={!ready} loading={registration.pending} data-testid="submit">
              {t('auth.registerButton')}
            </Button>
            <div className="up-mauth__links">
              <span>
                {t('auth.haveAccount')} <Link to={mobilePaths.login}>{t('auth.goLogin')}</Link>
              </span>
              <Link to={mobilePaths.home}>{t('common.backHome')}</Link>
            </div>
          </div>
        }
      >
        <Form.Item name="nickName" label={t('auth.nickname')} rules={[fieldRule(t, checkNickname)]} description={t('auth.nicknameHint')}>
          <Input maxLength={LIMITS.nicknameMax} autoComplete="nickname" placeholder={t('auth.nicknamePlaceholder')} clearable />
        </Form.Item>
        {channel === 'phone' ? (
          <Form.Item name="phone" label={t('auth.phone')} rules={[fieldRule(t, checkPhone)]} normalize={phoneInput}>
            <FieldInput prefix={PHONE_PREFIX} inputMode="numeric" autoComplete="tel-national" placeholder={t('auth.phonePlaceholder')} clearable />
          </Form.Item>
        ) : (
          <Form.Item name="email" label={t('auth.email')} rules={[fieldRule(t, checkEmail)]}>
            <Input type="email" maxLength={LIMITS.emailMax} autoComplete="email" placeholder={t('auth.emailPlaceholder')} clearable />
          </Form.Item>
        )}
        <Form.Item name="code" label={t('auth.code')} rules={[fieldRule(t, checkCode)]} normalize={codeInput}>
          <FieldInput after={<MobileCodeButton code={codeButton} />} maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[fieldRule(t, checkNewPassword)]} description={t('auth.passwordHint')}>
          <Input type="password" maxLength={passwordMax} autoComplete="new-password" placeholder={t('auth.newPasswordPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('auth.repeatPassword')}
          dependencies={['password']}
          rules={[({ getFieldValue }) => fieldRule(t, (v) => checkRepeatPassword(getFieldValue('password'), v))]}
        >
          <Input type="password" maxLength={passwordMax} autoComplete="new-password" placeholder={t('auth.repeatPlaceholder')} />
        </Form.Item>
        <Form.Item>
          <MobileVerifyRow captcha={captcha} />
        </Form.Item>
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
