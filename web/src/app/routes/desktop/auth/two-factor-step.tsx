import { Alert, Button, Form, Input, Skeleton } from 'antd';
import type { SecondStep } from '@/features/auth/hooks/use-login-submit';
import { useTwoFactorTexts } from '@/features/two-factor/texts';
import { RECOVERY_INPUT_MAX, TOTP_DIGITS, recoveryInput, totpInput } from '@/lib/two-factor';
import './two-factor-step.css';

/**
 * DesktopSecondStep is the login's second step while two-factor sign-in asks for it: the
 * authenticator app's 6-digit code, or a recovery code after "Use a recovery code".
 */
export function DesktopSecondStep({ step }: { step: SecondStep }) {
  const { ready } = useTwoFactorTexts();
  if (!ready) return <Skeleton active paragraph={{ rows: 3 }} />;
  return <SecondStepForm step={step} />;
}

function SecondStepForm({ step }: { step: SecondStep }) {
  const { t } = useTwoFactorTexts();
  const [form] = Form.useForm<{ code?: string }>();
  const code = Form.useWatch('code', form);
  const { recovery } = step;
  return (
    <section className="up-auth-2fa" aria-labelledby="up-auth-2fa-title" data-testid="two-factor-step">
      <h2 id="up-auth-2fa-title" className="up-auth-2fa__title">
        {t('login.title')}
      </h2>
      <p className="up-auth-2fa__lead">{t(recovery ? 'login.leadRecovery' : 'login.lead')}</p>
      <Form
        form={form}
        layout="vertical"
        name="login2fa"
        requiredMark={false}
        onFinish={(v) => step.submit(v.code ?? '')}
        onValuesChange={() => step.error && step.clearError()}
      >
        <Form.Item name="code" label={t(recovery ? 'login.recoveryCode' : 'login.code')} normalize={recovery ? recoveryInput : totpInput}>
          <Input
            key={recovery ? 'recovery' : 'app'}
            size="large"
            autoFocus
            className="up-auth-2fa__input"
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={recovery ? RECOVERY_INPUT_MAX : TOTP_DIGITS}
            placeholder={t(recovery ? 'login.recoveryPlaceholder' : 'login.codePlaceholder')}
            data-testid="two-factor-code"
          />
        </Form.Item>
        {step.error ? <Alert className="up-auth__alert" type="error" showIcon message={step.error} role="alert" data-testid="two-factor-error" /> : null}
        <Button type="primary" htmlType="submit" size="large" block disabled={!step.ready(code)} loading={step.pending} data-testid="two-factor-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <div className="up-auth-2fa__links">
        <Button
          type="link"
          onClick={() => {
            form.resetFields();
            step.setRecovery(!recovery);
          }}
          disabled={step.pending}
          data-testid="two-factor-switch"
        >
          {t(recovery ? 'login.useApp' : 'login.useRecovery')}
        </Button>
        <Button type="link" onClick={step.back} disabled={step.pending} data-testid="two-factor-back">
          {t('login.back')}
        </Button>
      </div>
    </section>
  );
}
