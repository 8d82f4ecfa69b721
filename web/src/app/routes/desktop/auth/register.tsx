import { Form, Input, Tabs } from 'antd';
import { paths } from '@/config/paths';
import { DesktopCodeField } from '@/features/auth/components/desktop-code-field';
import { DesktopSliderCaptcha } from '@/features/auth/components/desktop-slider-captcha';
import { DesktopVerifyRow } from '@/features/auth/components/desktop-verify-row';
import { useRegisterForm } from '@/features/auth/hooks/use-auth-forms';
import { useAuthPage } from '@/features/auth/hooks/use-auth-page';
import type { Channel } from '@/features/auth/model/types';
import { LIMITS, PHONE_PREFIX, phoneInput } from '@/lib/validation';
import { AuthCard, AuthSubmit } from './auth-card';

/**
 * DesktopRegister is /register: phone or email sign-up with a code, the slider (once, for
 * the code) and the terms; a registration logs in and goes home.
 */
export function DesktopRegister() {
  const page = useAuthPage('desktop');
  const [form] = Form.useForm();
  const f = useRegisterForm(form, page.goHome, page.carry);
  const { t } = page;
  const { channel, registration, captcha } = f;

  // Both tabs show the same fields; only the contact field differs, by channel.
  const fields = (
    <>
      <Form.Item name="nickName" label={t('auth.nickname')} rules={[f.rules.nickName]} extra={t('auth.nicknameHint')}>
        <Input size="large" maxLength={LIMITS.nicknameMax} autoComplete="nickname" placeholder={t('auth.nicknamePlaceholder')} />
      </Form.Item>
      {channel === 'phone' ? (
        <Form.Item name="phone" label={t('auth.phone')} rules={[f.rules.phone]} normalize={phoneInput} validateDebounce={300}>
          <Input size="large" prefix={<span className="up-cc">{PHONE_PREFIX}</span>} inputMode="numeric" autoComplete="tel-national" placeholder={t('auth.phonePlaceholder')} />
        </Form.Item>
      ) : (
        <Form.Item name="email" label={t('auth.email')} rules={[f.rules.email]} validateDebounce={300}>
          <Input size="large" type="email" maxLength={LIMITS.emailMax} autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
      )}
      <DesktopCodeField id="register_code" rule={f.rules.code} code={f.codeButton} size="large" />
      <Form.Item name="password" label={t('auth.password')} rules={[f.rules.password]} extra={t('auth.passwordHint')} validateDebounce={300}>
        <Input.Password size="large" maxLength={f.passwordMax} autoComplete="new-password" placeholder={t('auth.newPasswordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('auth.repeatPassword')}
        dependencies={['password']}
        validateDebounce={300}
        rules={[f.rules.repeat]}
      >
        <Input.Password size="large" maxLength={f.passwordMax} autoComplete="new-password" placeholder={t('auth.repeatPlaceholder')} />
      </Form.Item>
    </>
  );

  return (
    <AuthCard
      titleKey="pages.register"
      leadKey="auth.registerLead"
      other={{ textKey: 'auth.haveAccount', labelKey: 'auth.goLogin', to: paths.login, state: f.carry }}
    >
      <Form form={form} name="register" requiredMark={false} {...f.formProps} data-testid="register-form">
        <Tabs
          centered
          destroyOnHidden
          activeKey={channel}
          onChange={(key) => f.switchTo(key as Channel)}
          items={f.tabs.map((tab) => ({ ...tab, children: fields }))}
        />
        <DesktopVerifyRow captcha={captcha} />
        <AuthSubmit agreeRule={f.rules.agree} error={registration.error} ready={f.ready} pending={registration.pending} submitKey="auth.registerButton" />
      </Form>
      <DesktopSliderCaptcha captcha={captcha} />
    </AuthCard>
  );
}
