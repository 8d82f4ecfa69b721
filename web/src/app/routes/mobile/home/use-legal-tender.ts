import { useCallback, useState } from 'react';
import { storedLegalTender, storeLegalTender } from '@/lib/legal-tender';
import type { LegalTender } from '@/features/dashboard/model/types';

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
