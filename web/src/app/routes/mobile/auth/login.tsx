import { Form, Input } from 'antd-mobile';
import { MobileTabs } from '@/components/mobile-tabs';
import { mobilePaths } from '@/config/paths';
import { MobileSliderCaptcha } from '@/features/auth/components/mobile-slider-captcha';
import { MobileVerifyRow } from '@/features/auth/components/mobile-verify-row';
import { useLoginForm } from '@/features/auth/hooks/use-auth-forms';
import { useAuthPage } from '@/features/auth/hooks/use-auth-page';
import { LIMITS, PHONE_PREFIX } from '@/lib/validation';
import { MobileCodeField } from '../code-field';
import { FieldInput } from '../field-input';
import { MobileAuthActions, MobileAuthFrame, MobileTerms } from './mobile-auth-frame';
import { MobileSecondStep } from './two-factor-step';

/**
 * MobileLogin is /mobile/login: the login page for phones, full width with big touch targets,
 * then the authenticator code when the account has two-factor sign-in on.
 */
export function MobileLogin() {
  const [form] = Form.useForm();
  const { t, goHome, carry } = useAuthPage('mobile');
  const f = useLoginForm(form, goHome, carry);
  const { login, captcha, method } = f;

  return (
    <MobileAuthFrame titleKey="pages.login" leadKey="auth.loginLead">
      {login.secondStep ? <MobileSecondStep step={login.secondStep} /> : null}
      {/* Hidden, not unmounted, during the second step: "Back to login" finds the form as it was. */}
      <div hidden={login.secondStep !== null}>
        <MobileTabs label={t('auth.loginMethod')} active={method} onChange={f.setMethod} tabs={f.tabs} />
        <Form
          form={form}
          name="mlogin"
          requiredMarkStyle="none"
          {...f.formProps}
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
            <MobileCodeField rule={f.rules.code} code={f.codeButton} />
          )}
          {method === 'pwd' ? (
            <Form.Item>
              <MobileVerifyRow captcha={captcha} />
            </Form.Item>
          ) : null}
          <MobileTerms rule={f.rules.agree} />
        </Form>
      </div>
      <MobileSliderCaptcha captcha={captcha} />
    </MobileAuthFrame>
  );
}
