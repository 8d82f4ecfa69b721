// The connect panel's state, desktop and phone alike: what a rig needs to connect, and
// the Uniplus ID as the pool can give it. The pool keeps only a hash of the ID
// (docs/mining.md "Uniplus IDs"), so the panel shows the ID itself only right after it was
// made (the create answer the page passes in as fresh, or the answer of regenerate here)
// until the owner says it is saved or leaves; otherwise the masked prefix and a
// regenerate that asks first.
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useSubAccountActions, useUniplus } from '../api/sub-accounts';
import { maskUniplus } from '../model/uniplus';

export function useConnectPanel(code: string, fresh = '') {
  const q = useUniplus(code);
  const { regenerate } = useSubAccountActions();
  const [secret, setSecret] = useState(fresh);
  // The create answer may come after the panel of the new sub-account is up (the list is
  // refreshed first): a new fresh ID is shown when it arrives.
  const [given, setGiven] = useState(fresh);
  if (fresh !== given) {
    setGiven(fresh);
    if (fresh) setSecret(fresh);
  }
  const [error, setError] = useState('');
  return {
    query: q,
    info: q.data,
    /** secret is the ID itself while it may be shown, else ''. */
    secret,
    /** masked is the kept prefix and a mask, for when the ID is not shown. */
    masked: maskUniplus(q.data?.uniplusPrefix ?? ''),
    prefix: q.data?.uniplusPrefix || 'UP-',
    /** saved hides the ID for good: the owner has copied it. */
    saved: () => setSecret(''),
    /** regenerate makes a new ID (the old one stops at once) and shows it. */
    regenerate: async () => {
      setError('');
      try {
        const v = await regenerate.mutateAsync({ code });
        setSecret(v.uniplusId ?? '');
        return true;
      } catch (err) {
        setError(err instanceof ApiError ? err.message : String(err));
        return false;
      }
    },
    pending: regenerate.isPending,
    error,
  };
}
