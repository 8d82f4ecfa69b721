import { Alert, Button, Checkbox, Form } from 'antd';
import type { ReactNode } from 'react';
import { AuthHeading, AuthLinks, authTitleId, type OtherPage } from '@/features/auth/components/auth-heading';
import { TermsText } from '@/features/auth/components/terms';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useLegalLinks } from '../../use-legal-links';
import '../desktop-forms.css';
import './auth.css';

export type { OtherPage };

/** AuthCard is the centred card of the desktop login and register pages, on the brand's dark band. */
export function AuthCard({ titleKey, leadKey, children, other }: { titleKey: string; leadKey: string; children: ReactNode; other: OtherPage }) {
  return (
    <section className="up-auth" aria-labelledby={authTitleId('desktop')}>
      <div className="up-auth__band" aria-hidden="true" />
      <div className="up-auth__card">
        <AuthHeading size="desktop" titleKey={titleKey} leadKey={leadKey} />
        {children}
        <footer className="up-auth__foot">
          <AuthLinks other={other} home={paths.home} />
        </footer>
      </div>
    </section>
  );
}

/**
 * AuthSubmit ends the desktop login and register forms: the terms to tick, the server's
 * refusal and the submit button, enabled once the form may be sent.
 */
export function AuthSubmit({ agreeRule, error, ready, pending, submitKey }: {
  agreeRule: object;
  error: string | null;
  ready: boolean;
  pending: boolean;
  submitKey: string;
}) {
  const { t } = useTranslation();
  const links = useLegalLinks('pc');
  return (
    <>
      <Form.Item name="agree" valuePropName="checked" className="up-auth__terms" rules={[agreeRule]}>
        <Checkbox data-testid="terms">
          <TermsText links={links} />
        </Checkbox>
      </Form.Item>
      {error ? <Alert className="up-auth__alert" type="error" showIcon message={error} role="alert" data-testid="form-error" /> : null}
      <Button type="primary" htmlType="submit" size="large" block disabled={!ready} loading={pending} data-testid="submit">
        {t(submitKey)}
      </Button>
    </>
  );
}
