import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AgreementLinks, AgreementSource, AgreementType } from '../model/types';

/** AgreementQuery picks the documents, their language and the site. Without type, all three. */
export interface AgreementQuery {
  type?: AgreementType;
  language: string;
  source: AgreementSource;
}

/** getAgreement reads the URLs of the legal documents. */
export function getAgreement(query: AgreementQuery, signal?: AbortSignal): Promise<AgreementLinks> {
  return api
    .get<AgreementLinks | null>('/pc/v1/common/agreement', { ...query }, { signal, silent: true })
    .then((links) => links ?? {});
}

/** getAgreementQueryOptions caches the links per language and site. */
export const getAgreementQueryOptions = (query: AgreementQuery) =>
  queryOptions({
    queryKey: ['agreement', query.type ?? 'all', query.language, query.source],
    queryFn: ({ signal }) => getAgreement(query, signal),
    staleTime: 30 * 60_000,
  });

/** useAgreement gives the legal document links. */
export function useAgreement(query: AgreementQuery) {
  return useQuery(getAgreementQueryOptions(query));
}

/** LegalDocumentLinks are the URLs of the three documents, always set. */
export interface LegalDocumentLinks {
  serviceAgreement: string;
  privacyPolicy: string;
  disclaimer: string;
}

/**
 * useLegalLinks gives the three legal documents in lang (GET /pc/v1/common/agreement), with
 * the server's standalone pages standing in while the answer is on its way or when the call
 * failed, so the footer and the terms always link somewhere. It lives beside useAgreement so
 * that both ride in one chunk (a chunk of its own cost a response on the first visit).
 */
export function useLegalLinks(lang: string, source: AgreementSource): LegalDocumentLinks {
  const { data } = useAgreement({ language: lang, source });
  return {
    serviceAgreement: data?.ServiceAgreement || `/legal/Service-Agreement/${lang}`,
    privacyPolicy: data?.PrivacyPolicy || `/legal/Privacy-Policy/${lang}`,
    disclaimer: data?.Disclaimer || `/legal/Disclaimer/${lang}`,
  };
}
