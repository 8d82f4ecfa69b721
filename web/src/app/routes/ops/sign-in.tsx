// Sign-in: email and password, then the authenticator: at the first sign-in its key as a
// QR code and as text with its first code (enrolment), later the code alone.
import { Alert, Button, Card, Form, Input, Layout, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { codeReady, opsKeys, useSignIn } from '@/features/ops/hooks';
import { Copy, useOpsT } from './widgets';

export function SignInPage() {
  const t = useOpsT();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const signIn = useSignIn(() => {
    void client.invalidateQueries({ queryKey: opsKeys.all });
    navigate(from.startsWith('/login') ? '/' : from, { replace: true });
  });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const sendPassword = () => {
    setMissing(!email.trim() || !password);
    if (email.trim() && password) void signIn.submitPassword(email.trim(), password);
  };
  const sendCode = () => {
    if (codeReady(code)) void signIn.submitCode(code).then(() => setCode(''));
  };

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <Card style={{ width: 440 }} data-testid="ops-sign-in">
        <Typography.Title level={3}>{t('title')}</Typography.Title>
        {signIn.stage === 'password' && (
          <Form layout="vertical" onFinish={sendPassword}>
            <Typography.Paragraph type="secondary">{t('signIn.title')}</Typography.Paragraph>
            <Form.Item label={t('signIn.email')}>
              <Input autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="ops-email" />
            </Form.Item>
            <Form.Item label={t('signIn.password')}>
              <Input.Password
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                data-testid="ops-password"
              />
            </Form.Item>
            {missing && <Alert type="warning" showIcon message={t('signIn.required')} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" block loading={signIn.busy} data-testid="ops-sign-in-submit">
              {t('signIn.submit')}
            </Button>
          </Form>
        )}
        {signIn.stage !== 'password' && (
          <Form layout="vertical" onFinish={sendCode}>
            {signIn.stage === 'enrol' && signIn.enrolment ? (
              <>
                <Typography.Title level={5}>{t('signIn.enrolTitle')}</Typography.Title>
                <Typography.Paragraph type="secondary">{t('signIn.enrolHelp')}</Typography.Paragraph>
                <div style={{ textAlign: 'center', marginBottom: 16 }} data-testid="ops-enrol-qr">
                  <QRCodeSVG value={signIn.enrolment.uri} size={180} />
                </div>
                <Form.Item label={t('signIn.secret')}>
                  <Copy text={signIn.enrolment.secret} testId="ops-enrol-secret" />
                </Form.Item>
              </>
            ) : (
              <>
                <Typography.Title level={5}>{t('signIn.codeTitle')}</Typography.Title>
                <Typography.Paragraph type="secondary">{t('signIn.codeHelp')}</Typography.Paragraph>
              </>
            )}
            <Form.Item label={t('signIn.code')}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                data-testid="ops-code"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={signIn.busy} disabled={!codeReady(code)} data-testid="ops-code-submit">
              {t('signIn.verify')}
            </Button>
            <Button type="link" block onClick={signIn.restart} style={{ marginTop: 8 }}>
              {t('signIn.restart')}
            </Button>
          </Form>
        )}
        {signIn.error && <Alert type="error" showIcon message={signIn.error} style={{ marginTop: 16 }} data-testid="ops-sign-in-error" />}
      </Card>
    </Layout>
  );
}
