import { Checkbox, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { MobileTabs } from '@/components/mobile-tabs';
import { mobilePaths } from '@/config/paths';
import { MobileCodeButton } from '@/features/auth/components/mobile-code-button';
import { MobileSliderCaptcha } from '@/features/auth/components/mobile-slider-captcha';
import { TermsText } from '@/features/auth/components/terms';
import { MobileVerifyRow } from '@/features/auth/components/mobile-verify-row';
import { useRegisterForm } from '@/features/auth/hooks/use-auth-forms';
import { readAuthCarry } from '@/features/auth/model/forms';
import { LIMITS, PHONE_PREFIX, codeInput, phoneInput } from '@/lib/validation';
import { useLegalLinks } from '../../use-legal-links';
import { FieldInput } from '../field-input';
import { MobileAuthActions, MobileAuthFrame } from './mobile-auth-frame';

/**
 * MobileRegister is /mobile/register (also reached from an invite link, whose code it sends
 * along): the slider once, for the code; a registration logs in and goes home.
 */
export function MobileRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm();
  const links = useLegalLinks('mobile');
  const f = useRegisterForm(form, () => navigate(mobilePaths.home, { replace: true }), readAuthCarry(location.state));
  const { channel, registration, captcha } = f;

  return (
    <MobileAuthFrame titleKey="pages.register" leadKey="auth.registerLead">
      <MobileTabs
        label={t('auth.registerMethod')}
        active={channel}
        onChange={f.switchTo}
        tabs={f.tabs}
      />
      <Form
        form={form}
        name="mregister"
        layout="vertical"
        requiredMarkStyle="none"
        validateTrigger={['onChange', 'onBlur']}
        onFinish={f.onFinish}
        onValuesChange={f.onValuesChange}
        initialValues={f.initialValues}
        footer={<MobileAuthActions error={registration.error} ready={f.ready} pending={registration.pending} submitKey="auth.registerButton" other={{ textKey: 'auth.haveAccount', labelKey: 'auth.goLogin', to: mobilePaths.login, state: f.carry }} />}
      >
        <Form.Item name="nickName" label={t('auth.nickname')} rules={[f.rules.nickName]} description={t('auth.nicknameHint')}>
          <Input maxLength={LIMITS.nicknameMax} autoComplete="nickname" placeholder={t('auth.nicknamePlaceholder')} clearable />
        </Form.Item>
        {channel === 'phone' ? (
          <Form.Item name="phone" label={t('auth.phone')} rules={[f.rules.phone]} normalize={phoneInput}>
            <FieldInput prefix={PHONE_PREFIX} inputMode="numeric" autoComplete="tel-national" placeholder={t('auth.phonePlaceholder')} clearable />
          </Form.Item>
        ) : (
          <Form.Item name="email" label={t('auth.email')} rules={[f.rules.email]}>
            <Input type="email" maxLength={LIMITS.emailMax} autoComplete="email" placeholder={t('auth.emailPlaceholder')} clearable />
          </Form.Item>
        )}
        <Form.Item name="code" label={t('auth.code')} rules={[f.rules.code]} normalize={codeInput}>
          <FieldInput after={<MobileCodeButton code={f.codeButton} />} maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[f.rules.password]} description={t('auth.passwordHint')}>
          <Input type="password" maxLength={f.passwordMax} autoComplete="new-password" placeholder={t('auth.newPasswordPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('auth.repeatPassword')}
          dependencies={['password']}
          rules={[f.rules.repeat]}
        >
          <Input type="password" maxLength={f.passwordMax} autoComplete="new-password" placeholder={t('auth.repeatPlaceholder')} />
        </Form.Item>
        <Form.Item>
          <MobileVerifyRow captcha={captcha} />
        </Form.Item>
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
      <MobileSliderCaptcha captcha={captcha} />
    </MobileAuthFrame>
  );
}
