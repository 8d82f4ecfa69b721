import { Form, Input, Tabs } from 'antd';
import { paths } from '@/config/paths';
import { DesktopCodeField } from '@/features/auth/components/desktop-code-field';
import { DesktopSliderCaptcha } from '@/features/auth/components/desktop-slider-captcha';
import { DesktopVerifyRow } from '@/features/auth/components/desktop-verify-row';
import { useLoginForm } from '@/features/auth/hooks/use-auth-forms';
import { useAuthPage } from '@/features/auth/hooks/use-auth-page';
import type { LoginMethod } from '@/features/auth/model/types';
import { LIMITS } from '@/lib/validation';
import { AuthCard, AuthSubmit } from './auth-card';
import { DesktopSecondStep } from './two-factor-step';

/**
 * DesktopLogin is /login: password or code login with one phone-or-email input (SPEC.md
 * section 2), then the authenticator code when the account has two-factor sign-in on.
 */
export function DesktopLogin() {
  const [form] = Form.useForm();
  const { t, goHome, carry } = useAuthPage('desktop');
  const f = useLoginForm(form, goHome, carry);
  const { login, captcha } = f;

  const accountField = (
    <Form.Item name="account" label={t('auth.account')} rules={[f.rules.account]} validateDebounce={300}>
      <Input
        size="large"
        prefix={
          <span className={`up-cc${f.mode === 'phone' ? '' : ' up-cc--off'}`} data-testid="phone-prefix">
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
      <Form.Item name="password" label={t('auth.password')} rules={[f.rules.password]}>
        <Input.Password size="large" maxLength={LIMITS.loginInputMax} autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} />
      </Form.Item>
      <DesktopVerifyRow captcha={captcha} />
    </>
  );
  const codePane = (
    <>
      {accountField}
      <DesktopCodeField id="login_code" rule={f.rules.code} code={f.codeButton} size="large" />
    </>
  );

  return (
    <AuthCard
      titleKey="pages.login"
      leadKey="auth.loginLead"
      other={{ textKey: 'auth.noAccount', labelKey: 'auth.goRegister', to: paths.register, state: f.carry }}
    >
      {login.secondStep ? <DesktopSecondStep step={login.secondStep} /> : null}
      {/* Hidden, not unmounted, during the second step: "Back to login" finds the form as it was. */}
      <div hidden={login.secondStep !== null}>
        <Form form={form} name="login" requiredMark={false} {...f.formProps} data-testid="login-form">
          <Tabs
            centered
            destroyOnHidden
            activeKey={f.method}
            onChange={(key) => f.setMethod(key as LoginMethod)}
            items={f.tabs.map((tab) => ({ ...tab, children: tab.key === 'pwd' ? passwordPane : codePane }))}
          />
          <AuthSubmit agreeRule={f.rules.agree} error={login.error} ready={f.ready} pending={login.pending} submitKey="auth.loginButton" />
        </Form>
      </div>
      <DesktopSliderCaptcha captcha={captcha} />
    </AuthCard>
  );
}
