import { useAgreement } from '@/features/legal/api/get-agreement';
import type { AgreementSource } from '@/features/legal/model/types';
import type { LegalLinks } from '@/features/auth/components/terms';
import { useLang } from '../layouts/use-lang';

/**
 * useLegalLinks gives the three legal documents in the visitor's language
 * (GET /pc/v1/common/agreement), with the server's standalone pages as the
 * fallback while the answer is on its way.
 */
export function useLegalLinks(source: AgreementSource): LegalLinks {
  const lang = useLang();
  const { data } = useAgreement({ language: lang, source });
  return {
    serviceAgreement: data?.ServiceAgreement || `/legal/Service-Agreement/${lang}`,
    privacyPolicy: data?.PrivacyPolicy || `/legal/Privacy-Policy/${lang}`,
    disclaimer: data?.Disclaimer || `/legal/Disclaimer/${lang}`,
  };
}
