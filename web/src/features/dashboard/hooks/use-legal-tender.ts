// The visitor's fiat (USD or CNY) for the home pages' coin list, calculator and charts, once
// for the desktop and the phone.
import { useCallback, useState } from 'react';
import { storedLegalTender, storeLegalTender } from '@/lib/legal-tender';
import type { LegalTender } from '../model/types';

/**
 * useLegalTender is the visitor's fiat: read from this browser once, remembered on every
 * change (so it survives a reload and the other home pages start with it).
 */
export function useLegalTender(): [LegalTender, (v: LegalTender) => void] {
  const [fiat, setFiat] = useState<LegalTender>(storedLegalTender);
  const choose = useCallback((v: LegalTender) => {
    storeLegalTender(v);
    setFiat(v);
  }, []);
  return [fiat, choose];
}
