import { Alert, Button, Checkbox, Form } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { TermsText } from '@/features/auth/components/terms';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import '../desktop-forms.css';
import './auth.css';

/** OtherPage is the footer's way to the other auth page ("No account? Register"). */
export interface OtherPage {
  textKey: string;
  labelKey: string;
  to: string;
  /** state is what the page hands the other (AuthCarry: the contact typed, the terms ticked). */
  state?: unknown;
}

/** AuthCard is the centred card of the desktop login and register pages, on the brand's dark band. */
export function AuthCard({ titleKey, leadKey, children, other }: { titleKey: string; leadKey: string; children: ReactNode; other: OtherPage }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  // The router keeps the scroll of the page before: a page opened from the foot of the
  // other (its "Log in" link) would open below its own title.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section className="up-auth" aria-labelledby="up-auth-title">
      <div className="up-auth__band" aria-hidden="true" />
      <div className="up-auth__card">
        <header className="up-auth__head">
          <h1 id="up-auth-title" className="up-auth__title" ref={titleRef}>
            {title}
          </h1>
          <p className="up-auth__lead">{t(leadKey)}</p>
        </header>
        {children}
        <footer className="up-auth__foot">
          <span>
            {t(other.textKey)}{' '}
            <Link to={other.to} state={other.state}>
              {t(other.labelKey)}
            </Link>
          </span>
          <Link to={paths.home}>{t('common.backHome')}</Link>
        </footer>
      </div>
    </section>
  );
}

/**
 * AuthSubmit ends the desktop login and register forms: the terms to tick, the server's
 * refusal and the submit button, enabled once the form may be sent.
 */
export function AuthSubmit({ agreeRule, links, error, ready, pending, submitKey }: {
  agreeRule: object;
  links: Parameters<typeof TermsText>[0]['links'];
  error: string | null;
  ready: boolean;
  pending: boolean;
  submitKey: string;
}) {
  const { t } = useTranslation();
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
