import { Button, Form, Input, Skeleton } from 'antd-mobile';
import type { SecondStep } from '@/features/auth/hooks/use-login-submit';
import { useTwoFactorTexts } from '@/features/two-factor/texts';
import { SecondStepHead } from '@/features/two-factor/components/second-step-head';
import { useSecondStep } from '@/features/two-factor/hooks/use-second-step';
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
  const [form] = Form.useForm<{ code?: string }>();
  const code: string | undefined = Form.useWatch('code', form);
  const x = useSecondStep(step);
  const actions = (
    <div className="up-mform__actions">
      {step.error ? (
        <p className="up-mform__alert" role="alert" data-testid="two-factor-error">
          {step.error}
        </p>
      ) : null}
      <Button block type="submit" color="primary" size="large" className="up-mform__submit" disabled={!step.ready(code)} loading={step.pending} data-testid="two-factor-submit">
        {x.t('login.submit')}
      </Button>
      <div className="up-mauth__links">
        <Button fill="none" color="primary" className="up-mauth-2fa__link" disabled={step.pending} onClick={() => x.toggle(form)} data-testid="two-factor-switch">
          {x.switchLabel}
        </Button>
        <Button fill="none" className="up-mauth-2fa__link" disabled={step.pending} onClick={step.back} data-testid="two-factor-back">
          {x.t('login.back')}
        </Button>
      </div>
    </div>
  );
  return (
    <section className="up-mauth-2fa" aria-labelledby="up-mauth-2fa-title" data-testid="two-factor-step">
      <SecondStepHead size="mobile" recovery={step.recovery} />
      <Form form={form} layout="vertical" name="mlogin2fa" requiredMarkStyle="none" onFinish={x.onFinish} onValuesChange={x.onValuesChange} footer={actions}>
        <Form.Item {...x.field}>
          <Input key={x.inputKey} {...x.input} autoFocus className="up-mauth-2fa__input" />
        </Form.Item>
      </Form>
    </section>
  );
}
