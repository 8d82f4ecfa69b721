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
