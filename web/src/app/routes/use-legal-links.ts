import { useLegalLinks as useLegalLinksIn } from '@/features/legal/api/get-agreement';
import type { AgreementSource } from '@/features/legal/model/types';
import type { LegalLinks } from '@/features/auth/components/terms';
import { useLang } from '../layouts/use-lang';

/** useLegalLinks gives the login and register terms the three documents in the visitor's language. */
export function useLegalLinks(source: AgreementSource): LegalLinks {
  return useLegalLinksIn(useLang(), source);
}
