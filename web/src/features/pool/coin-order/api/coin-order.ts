import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { poolKeys } from '../../api/keys';
import type { ChainType } from '../../model/types';
import { arrange } from '../model/order';

/** saveCoinOrder keeps the logged-in user's order of the coins (PUT /pc/v1/common/basic/saveSortCurrency). */
export function saveCoinOrder(types: string[]): Promise<unknown> {
  return api.put<unknown>('/pc/v1/common/basic/saveSortCurrency', { currencyList: types }, { quiet: true });
}

/** resetCoinOrder forgets it: the coins come in the pool's order again (GET /pc/v1/common/basic/resetSortCurrency). */
export function resetCoinOrder(): Promise<unknown> {
  return api.get<unknown>('/pc/v1/common/basic/resetSortCurrency', undefined, { quiet: true });
}

/**
 * useCoinOrderActions gives save and reset. Each is quiet (the dialog shows a refusal)
 * and, once the server took it, refreshes every coin list and resolves when the fresh
 * one is in, so the picker shows the new order when the dialog closes.
 */
export function useCoinOrderActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: poolKeys.chainTypes() });
  return {
    save: useMutation({
      mutationFn: saveCoinOrder,
      onSuccess: (_data, types) => {
        // The new order at once, then the server's word on it.
        qc.setQueriesData<ChainType[]>({ queryKey: [...poolKeys.chainTypes(), 'own'] }, (old) => (old ? arrange(old, types) : old));
        return refresh();
      },
    }),
    reset: useMutation({ mutationFn: resetCoinOrder, onSuccess: refresh }),
  };
}
