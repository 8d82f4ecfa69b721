import { Button, Checkbox, Form } from 'antd-mobile';
import { TermsText } from '@/features/auth/components/terms';
import { useLegalLinks } from '../../use-legal-links';
import type { ReactNode } from 'react';
import { AuthHeading, AuthLinks, authTitleId, type OtherPage } from '@/features/auth/components/auth-heading';
import { useTranslation } from 'react-i18next';
import { mobilePaths } from '@/config/paths';
import '../mobile-forms.css';
import './mobile-auth.css';

/** MobileAuthFrame is the frame of the mobile login and register pages: a title band, then the form full width. */
export function MobileAuthFrame({ titleKey, leadKey, children }: { titleKey: string; leadKey: string; children: ReactNode }) {
  return (
    <section className="up-mauth" aria-labelledby={authTitleId('mobile')}>
      <AuthHeading size="mobile" titleKey={titleKey} leadKey={leadKey} />
      <div className="up-mauth__body up-mform">{children}</div>
    </section>
  );
}

/** MobileTerms is the terms to tick at the end of the mobile login and register forms. */
export function MobileTerms({ rule }: { rule: object }) {
  const links = useLegalLinks('mobile');
  return (
    <Form.Item name="agree" valuePropName="checked" rules={[rule]}>
      <Checkbox data-testid="terms">
        <TermsText links={links} />
      </Checkbox>
    </Form.Item>
  );
}

/**
 * MobileAuthActions is the foot of the mobile login and register forms: the server's
 * refusal, the submit button and the way to the other page and home.
 */
export function MobileAuthActions({ error, ready, pending, submitKey, other }: { error: string | null; ready: boolean; pending: boolean; submitKey: string; other: OtherPage }) {
  const { t } = useTranslation();
  return (
    <div className="up-mform__actions">
      {error ? (
        <p className="up-mform__alert" role="alert" data-testid="form-error">
          {error}
        </p>
      ) : null}
      <Button block type="submit" color="primary" size="large" className="up-mform__submit" disabled={!ready} loading={pending} data-testid="submit">
        {t(submitKey)}
      </Button>
      <div className="up-mauth__links">
        <AuthLinks other={other} home={mobilePaths.home} />
      </div>
    </div>
  );
}
