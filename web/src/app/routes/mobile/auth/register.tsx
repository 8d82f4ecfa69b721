import { Form, Input } from 'antd-mobile';
import { MobileTabs } from '@/components/mobile-tabs';
import { mobilePaths } from '@/config/paths';
import { MobileSliderCaptcha } from '@/features/auth/components/mobile-slider-captcha';
import { MobileVerifyRow } from '@/features/auth/components/mobile-verify-row';
import { useRegisterForm } from '@/features/auth/hooks/use-auth-forms';
import { useAuthPage } from '@/features/auth/hooks/use-auth-page';
import { LIMITS, PHONE_PREFIX, phoneInput } from '@/lib/validation';
import { MobileCodeField } from '../code-field';
import { FieldInput } from '../field-input';
import { MobileAuthActions, MobileAuthFrame, MobileTerms } from './mobile-auth-frame';

/**
 * MobileRegister is /mobile/register (also reached from an invite link, whose code it sends
 * along): the slider once, for the code; a registration logs in and goes home.
 */
export function MobileRegister() {
  const page = useAuthPage('mobile');
  const [form] = Form.useForm();
  const f = useRegisterForm(form, page.goHome, page.carry);
  const { t } = page;
  const { channel, registration, captcha } = f;

  return (
    <MobileAuthFrame titleKey="pages.register" leadKey="auth.registerLead">
      <MobileTabs label={t('auth.registerMethod')} active={channel} onChange={f.switchTo} tabs={f.tabs} />
      <Form
        form={form}
        name="mregister"
        requiredMarkStyle="none"
        {...f.formProps}
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
        <MobileCodeField rule={f.rules.code} code={f.codeButton} />
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
        <MobileTerms rule={f.rules.agree} />
      </Form>
      <MobileSliderCaptcha captcha={captcha} />
    </MobileAuthFrame>
  );
}
