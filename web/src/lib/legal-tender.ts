// The fiat a visitor reads values in (SPEC.md section 9: USD default, CNY option),
// remembered per browser; the home page's prices and the asset values share it.
import { local, localKeys } from './storage';

/** LegalTender is a fiat currency code. */
export type LegalTender = 'USD' | 'CNY';

/** LEGAL_TENDERS are the fiat currencies, the default first. */
export const LEGAL_TENDERS: readonly LegalTender[] = ['USD', 'CNY'];

/** isLegalTender tells a known fiat code. */
export function isLegalTender(v: unknown): v is LegalTender {
  return v === 'USD' || v === 'CNY';
}

/** storedLegalTender is the visitor's remembered choice, USD when none or unknown. */
export function storedLegalTender(): LegalTender {
  const v = local.get(localKeys.legalTender);
  return isLegalTender(v) ? v : 'USD';
}

/** storeLegalTender remembers the choice on this browser. */
export function storeLegalTender(v: LegalTender): void {
  local.set(localKeys.legalTender, v);
}

/** FIAT_SYMBOL prefixes amounts. */
export const FIAT_SYMBOL: Record<LegalTender, string> = { USD: '$', CNY: '¥' };
