import { Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DesktopCodeButton } from '@/features/auth/components/desktop-code-button';
import { DesktopSliderCaptcha } from '@/features/auth/components/desktop-slider-captcha';
import { DesktopVerifyRow } from '@/features/auth/components/desktop-verify-row';
import { useLoginForm } from '@/features/auth/hooks/use-auth-forms';
import { readAuthCarry } from '@/features/auth/model/forms';
import type { LoginMethod } from '@/features/auth/model/types';
import { LIMITS, codeInput } from '@/lib/validation';
import { useLegalLinks } from '../../use-legal-links';
import { AuthCard, AuthSubmit } from './auth-card';
import { DesktopSecondStep } from './two-factor-step';

/**
 * DesktopLogin is /login: password or code login with one phone-or-email input (SPEC.md
 * section 2), then the authenticator code when the account has two-factor sign-in on.
 */
export function DesktopLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm();
  const links = useLegalLinks('pc');
  const f = useLoginForm(form, () => navigate(paths.home, { replace: true }), readAuthCarry(location.state));
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
      <Form.Item label={t('auth.code')} htmlFor="login_code" required>
        <div className="up-code-row">
          <Form.Item name="code" noStyle rules={[f.rules.code]} normalize={codeInput}>
            <Input size="large" maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
          </Form.Item>
          <DesktopCodeButton code={f.codeButton} size="large" />
        </div>
      </Form.Item>
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
        <Form
          form={form}
          name="login"
          layout="vertical"
          requiredMark={false}
          validateTrigger={['onChange', 'onBlur']}
          onFinish={f.onFinish}
          onValuesChange={f.onValuesChange}
          initialValues={f.initialValues}
          data-testid="login-form"
        >
          <Tabs
            centered
            destroyOnHidden
            activeKey={f.method}
            onChange={(key) => f.setMethod(key as LoginMethod)}
            items={f.tabs.map((tab) => ({ ...tab, children: tab.key === 'pwd' ? passwordPane : codePane }))}
          />
          <AuthSubmit agreeRule={f.rules.agree} links={links} error={login.error} ready={f.ready} pending={login.pending} submitKey="auth.loginButton" />
        </Form>
      </div>
      <DesktopSliderCaptcha captcha={captcha} />
    </AuthCard>
  );
}
