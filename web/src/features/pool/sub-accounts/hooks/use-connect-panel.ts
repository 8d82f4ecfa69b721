// The connect panel's state, desktop and phone alike: what a rig needs to connect, and
// the Uniplus ID as the pool can give it. The pool keeps only a hash of the ID
// (docs/mining.md "Uniplus IDs"), so the panel shows the ID itself only right after it was
// made (the create answer the page passes in as fresh, or the answer of regenerate here)
// until the owner says it is saved or leaves; otherwise the masked prefix and a
// regenerate that asks first. Beside the stratum URL, ready-made command lines of the
// common miners for the sub-account's coin (lib/miner-commands: what the port speaks goes
// by the coin's driver and algorithm, from the coin list every pool page loads).
import { useMemo, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { IRONFISH_ADDRESS_PLACEHOLDER, minerCommands } from '@/lib/miner-commands';
import { useChainTypes } from '../../api/get-chain-types';
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
  const coins = useChainTypes().data;
  const info = q.data;
  const commands = useMemo(() => {
    const coin = info ? coins?.find((c) => c.type === info.coin) : undefined;
    return coin && info ? minerCommands(coin, info.stratumUrl, info.workerExample) : [];
  }, [coins, info]);
  return {
    query: q,
    info,
    /** commands are the common miners' command lines for the coin's URL and the example worker; none until the coin list is in. */
    commands,
    /** ironfish says a command line carries the IronFish address placeholder (the page says what to put there). */
    ironfish: commands.some((c) => c.command.includes(IRONFISH_ADDRESS_PLACEHOLDER)),
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
