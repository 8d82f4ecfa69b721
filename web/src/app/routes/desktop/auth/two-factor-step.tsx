import { Alert, Button, Form, Input, Skeleton } from 'antd';
import type { SecondStep } from '@/features/auth/hooks/use-login-submit';
import { useTwoFactorTexts } from '@/features/two-factor/texts';
import { SecondStepHead } from '@/features/two-factor/components/second-step-head';
import { useSecondStep } from '@/features/two-factor/hooks/use-second-step';
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
  const [form] = Form.useForm<{ code?: string }>();
  const code = Form.useWatch('code', form);
  const x = useSecondStep(step);
  return (
    <section className="up-auth-2fa" aria-labelledby="up-auth-2fa-title" data-testid="two-factor-step">
      <SecondStepHead size="desktop" recovery={step.recovery} />
      <Form form={form} layout="vertical" name="login2fa" requiredMark={false} onFinish={x.onFinish} onValuesChange={x.onValuesChange}>
        <Form.Item {...x.field}>
          <Input key={x.inputKey} {...x.input} size="large" autoFocus className="up-auth-2fa__input" spellCheck={false} />
        </Form.Item>
        {step.error ? <Alert className="up-auth__alert" type="error" showIcon message={step.error} role="alert" data-testid="two-factor-error" /> : null}
        <Button type="primary" htmlType="submit" size="large" block disabled={!step.ready(code)} loading={step.pending} data-testid="two-factor-submit">
          {x.t('login.submit')}
        </Button>
      </Form>
      <div className="up-auth-2fa__links">
        <Button type="link" onClick={() => x.toggle(form)} disabled={step.pending} data-testid="two-factor-switch">
          {x.switchLabel}
        </Button>
        <Button type="link" onClick={step.back} disabled={step.pending} data-testid="two-factor-back">
          {x.t('login.back')}
        </Button>
      </div>
    </section>
  );
}
