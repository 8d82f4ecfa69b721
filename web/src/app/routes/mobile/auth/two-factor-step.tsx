import { Button, Form, Input, Skeleton } from 'antd-mobile';
import type { SecondStep } from '@/features/auth/hooks/use-login-submit';
import { useTwoFactorTexts } from '@/features/two-factor/texts';
import { RECOVERY_INPUT_MAX, TOTP_DIGITS, recoveryInput, totpInput } from '@/lib/two-factor';
import './two-factor-step.css';

/**
 * MobileSecondStep is the phone login's second step while two-factor sign-in asks for it:
 * the authenticator app's 6-digit code, or a recovery code after "Use a recovery code".
 */
export function MobileSecondStep({ step }: { step: SecondStep }) {
  const { ready } = useTwoFactorTexts();
  if (!ready) return <Skeleton.Paragraph lineCount={4} animated />;
  return <SecondStepForm step={step} />;
}

function SecondStepForm({ step }: { step: SecondStep }) {
  const { t } = useTwoFactorTexts();
  const [form] = Form.useForm<{ code?: string }>();
  const code: string | undefined = Form.useWatch('code', form);
  const { recovery } = step;
  return (
    <section className="up-mauth-2fa" aria-labelledby="up-mauth-2fa-title" data-testid="two-factor-step">
      <h2 id="up-mauth-2fa-title" className="up-mauth-2fa__title">
        {t('login.title')}
      </h2>
      <p className="up-mauth-2fa__lead">{t(recovery ? 'login.leadRecovery' : 'login.lead')}</p>
      <Form
        form={form}
        layout="vertical"
        name="mlogin2fa"
        requiredMarkStyle="none"
        onFinish={(v: { code?: string }) => step.submit(v.code ?? '')}
        onValuesChange={() => step.error && step.clearError()}
        footer={
          <div className="up-mform__actions">
            {step.error ? (
              <p className="up-mform__alert" role="alert" data-testid="two-factor-error">
                {step.error}
              </p>
            ) : null}
            <Button block type="submit" color="primary" size="large" className="up-mform__submit" disabled={!step.ready(code)} loading={step.pending} data-testid="two-factor-submit">
              {t('login.submit')}
            </Button>
            <div className="up-mauth__links">
              <Button
                fill="none"
                color="primary"
                className="up-mauth-2fa__link"
                disabled={step.pending}
                onClick={() => {
                  form.resetFields();
                  step.setRecovery(!recovery);
                }}
                data-testid="two-factor-switch"
              >
                {t(recovery ? 'login.useApp' : 'login.useRecovery')}
              </Button>
              <Button fill="none" className="up-mauth-2fa__link" disabled={step.pending} onClick={step.back} data-testid="two-factor-back">
                {t('login.back')}
              </Button>
            </div>
          </div>
        }
      >
        <Form.Item name="code" label={t(recovery ? 'login.recoveryCode' : 'login.code')} normalize={recovery ? recoveryInput : totpInput}>
          <Input
            key={recovery ? 'recovery' : 'app'}
            autoFocus
            className="up-mauth-2fa__input"
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={recovery ? RECOVERY_INPUT_MAX : TOTP_DIGITS}
            placeholder={t(recovery ? 'login.recoveryPlaceholder' : 'login.codePlaceholder')}
            data-testid="two-factor-code"
          />
        </Form.Item>
      </Form>
    </section>
  );
}
