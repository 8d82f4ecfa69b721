import { Trans } from 'react-i18next';
import type { ReactElement } from 'react';

/** LegalLinks are the URLs of the three documents the terms name. */
export interface LegalLinks {
  serviceAgreement: string;
  privacyPolicy: string;
  disclaimer: string;
}

function DocLink({ href, children }: { href: string; children?: React.ReactNode }) {
  return (
    // A link inside the checkbox's label opens the document; it does not tick the box.
    <a href={href} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
      {children}
    </a>
  );
}

/** TermsText is "I have read and agree to ..." with the three documents as links opening in a new tab. */
export function TermsText({ links }: { links: LegalLinks }): ReactElement {
  return (
    <Trans
      i18nKey="auth.terms"
      components={{
        service: <DocLink href={links.serviceAgreement} />,
        privacy: <DocLink href={links.privacyPolicy} />,
        disclaimer: <DocLink href={links.disclaimer} />,
      }}
    />
  );
}
