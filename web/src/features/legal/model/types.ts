/** AgreementType is one legal document. */
export type AgreementType = 'Privacy-Policy' | 'Service-Agreement' | 'Disclaimer';

/** AgreementLinks are the URLs of the legal documents (standalone pages under /legal/). */
export interface AgreementLinks {
  PrivacyPolicy?: string;
  ServiceAgreement?: string;
  Disclaimer?: string;
}

/** AgreementSource says which site asks. */
export type AgreementSource = 'pc' | 'mobile';
