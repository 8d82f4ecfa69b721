// The coin and sub-account every pool-mode screen is about. They live in the address
// (?coin=LTC&sub=alice) so a link or a reload shows the same view, and in
// localStorage (chainTypeInfo, poolSubAccount) so the next visit starts where the
// last one ended.
import { useCallback, useMemo } from 'react';
import { useReadOnly } from '@/lib/read-only';
import { useAddressParams } from '@/lib/use-address-params';
import { useSession } from '@/lib/use-session';
import { local, localKeys } from '@/lib/storage';
import { useChainTypes } from '../api/get-chain-types';
import { useSubAccounts } from '../api/get-sub-accounts';
import { chooseSubAccount, pickCoin, pickSubAccount, subAccountParam, type StoredChainType } from '../model/selection';
import type { ChainType, SubAccount } from '../model/types';

/** PoolSelection is the chosen coin and sub-account, and the lists they come from. */
export interface PoolSelection {
  coins: ChainType[];
  coin: ChainType | null;
  subAccounts: SubAccount[];
  /** subAccount is null for "all sub-accounts". */
  subAccount: SubAccount | null;
  /** setCoin chooses a coin (by type). */
  setCoin: (type: string) => void;
  /** setSubAccount chooses a sub-account, or all with null; choosing one also selects its default coin. */
  setSubAccount: (code: string | null) => void;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}

/** usePoolSelection reads and changes the selection; every pool page calls it. */
export function usePoolSelection(): PoolSelection {
  const [params, editParams] = useAddressParams();
  const coinsQuery = useChainTypes();
  const subsQuery = useSubAccounts();
  // Through an observer link, only the coins it shares.
  const readOnly = useReadOnly();
  const { observerInfo } = useSession();
  const shared = readOnly ? (observerInfo.currencyList ?? []).join(',') : null;
  const coins = useMemo(() => {
    const all = coinsQuery.data ?? [];
    return shared === null ? all : all.filter((c) => shared.split(',').includes(c.type));
  }, [coinsQuery.data, shared]);
  const subAccounts = useMemo(() => subsQuery.data ?? [], [subsQuery.data]);

  const coin = pickCoin(coins, params.get('coin'), local.getJSON<StoredChainType>(localKeys.chainTypeInfo));
  const subAccount = pickSubAccount(subAccounts, subAccountParam(params), local.get(localKeys.poolSubAccount));

  const update = useCallback(
    (change: (p: URLSearchParams) => void) =>
      editParams((prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        next.delete('page'); // a new selection starts lists at their first page
        return next;
      }),
    [editParams],
  );

  const setCoin = useCallback(
    (type: string) => {
      const c = coins.find((x) => x.type === type);
      if (c) local.setJSON(localKeys.chainTypeInfo, { type: c.type, name: c.name });
      update((p) => p.set('coin', type));
    },
    [coins, update],
  );

  const setSubAccount = useCallback(
    (code: string | null) => {
      local.set(localKeys.poolSubAccount, code ?? '');
      const sub = code ? subAccounts.find((s) => s.code === code) : undefined;
      if (sub) local.setJSON(localKeys.chainTypeInfo, { type: sub.defaultCoin });
      update((p) => {
        chooseSubAccount(p, code);
        if (sub) p.set('coin', sub.defaultCoin);
      });
    },
    [subAccounts, update],
  );

  return {
    coins,
    coin,
    subAccounts,
    subAccount,
    setCoin,
    setSubAccount,
    isLoading: coinsQuery.isLoading || subsQuery.isLoading,
    error: coinsQuery.error ?? subsQuery.error,
    refetch: () => {
      void coinsQuery.refetch();
      void subsQuery.refetch();
    },
  };
}

/** usePoolCodes is the selection as the codes other areas' reads take: the coin type and the sub-account code ('' for all). */
export function usePoolCodes() {
  const selection = usePoolSelection();
  return { selection, coin: selection.coin?.type ?? '', subAccount: selection.subAccount?.code ?? '' };
}
