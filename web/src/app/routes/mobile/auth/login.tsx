import { Checkbox, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { MobileTabs } from '@/components/mobile-tabs';
import { mobilePaths } from '@/config/paths';
import { MobileCodeButton } from '@/features/auth/components/mobile-code-button';
import { MobileSliderCaptcha } from '@/features/auth/components/mobile-slider-captcha';
import { TermsText } from '@/features/auth/components/terms';
import { MobileVerifyRow } from '@/features/auth/components/mobile-verify-row';
import { useLoginForm } from '@/features/auth/hooks/use-auth-forms';
import { readAuthCarry } from '@/features/auth/model/forms';
import { LIMITS, PHONE_PREFIX, codeInput } from '@/lib/validation';
import { useLegalLinks } from '../../use-legal-links';
import { FieldInput } from '../field-input';
import { MobileAuthActions, MobileAuthFrame } from './mobile-auth-frame';
import { MobileSecondStep } from './two-factor-step';

/**
 * MobileLogin is /mobile/login: the login page for phones, full width with big touch targets,
 * then the authenticator code when the account has two-factor sign-in on.
 */
export function MobileLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm();
  const links = useLegalLinks('mobile');
  const f = useLoginForm(form, () => navigate(mobilePaths.home, { replace: true }), readAuthCarry(location.state));
  const { login, captcha, method } = f;

  return (
    <MobileAuthFrame titleKey="pages.login" leadKey="auth.loginLead">
      {login.secondStep ? <MobileSecondStep step={login.secondStep} /> : null}
      {/* Hidden, not unmounted, during the second step: "Back to login" finds the form as it was. */}
      <div hidden={login.secondStep !== null}>
        <MobileTabs
          label={t('auth.loginMethod')}
          active={method}
          onChange={f.setMethod}
          tabs={f.tabs}
        />
        <Form
          form={form}
          name="mlogin"
          layout="vertical"
          requiredMarkStyle="none"
          validateTrigger={['onChange', 'onBlur']}
          onFinish={f.onFinish}
          onValuesChange={f.onValuesChange}
          initialValues={f.initialValues}
          footer={<MobileAuthActions error={login.error} ready={f.ready} pending={login.pending} submitKey="auth.loginButton" other={{ textKey: 'auth.noAccount', labelKey: 'auth.goRegister', to: mobilePaths.register, state: f.carry }} />}
        >
          <Form.Item name="account" label={t('auth.account')} rules={[f.rules.account]}>
            <FieldInput
              prefix={f.mode === 'phone' ? PHONE_PREFIX : undefined}
              maxLength={LIMITS.loginInputMax}
              autoComplete="username"
              placeholder={t('auth.accountPlaceholder')}
              clearable
            />
          </Form.Item>
          {method === 'pwd' ? (
            <Form.Item name="password" label={t('auth.password')} rules={[f.rules.password]}>
              <Input type="password" maxLength={LIMITS.loginInputMax} autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} />
            </Form.Item>
          ) : (
            <Form.Item name="code" label={t('auth.code')} rules={[f.rules.code]} normalize={codeInput}>
              <FieldInput after={<MobileCodeButton code={f.codeButton} />} maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
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
            rules={[f.rules.agree]}
          >
            <Checkbox data-testid="terms">
              <TermsText links={links} />
            </Checkbox>
          </Form.Item>
        </Form>
      </div>
      <MobileSliderCaptcha captcha={captcha} />
    </MobileAuthFrame>
  );
}
