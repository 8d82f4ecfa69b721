// The device list as a page uses it: the selection (coin, sub-account), the filters in
// the address, the query, and setters. The search page passes allSubAccounts.
import { useEffect } from 'react';
import { useAddressParams } from '@/lib/use-address-params';
import { usePoolSelection } from '../../hooks/use-pool-selection';
import { bindGate, detailAllowed } from '../../model/capabilities';
import { useDeviceList } from '../api/devices';
import { readListParams, writeListParams, type ListParams } from '../model/list-params';
import type { DeviceRow } from '../model/types';

export function useDeviceListPage({ allSubAccounts = false, anyCoin = false } = {}) {
  const selection = usePoolSelection();
  const [q, editQ] = useAddressParams();
  const params = readListParams(q);
  const coin = anyCoin ? (q.get('coin') ?? '') : (selection.coin?.type ?? '');
  const subAccount = allSubAccounts ? '' : (selection.subAccount?.code ?? '');
  // Until the coins and sub-accounts are in, the selection is not known: ask nothing yet.
  const list = useDeviceList({ ...params, coin, subAccount }, anyCoin || !selection.isLoading);
  const update = (patch: Partial<ListParams>) => editQ((prev) => writeListParams(prev, patch));
  // A page past the end (its devices removed, or gone offline and swept) moves to the
  // last page there is, rather than showing an empty page of a list that has devices.
  const data = list.isPlaceholderData ? undefined : list.data;
  const last = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 0;
  useEffect(() => {
    if (last > 0 && params.page > last) editQ((prev) => writeListParams(prev, { page: last }));
  }, [last, params.page, editQ]);
  /** bindOf says whether a device's binding can be switched (its coin's machineBindFlag), or why not. */
  const bindOf = (d: DeviceRow) => bindGate(selection.coins, d.coin);
  /** detailOf says whether a device's name links to its page (its coin's machineDetailFlag). */
  const detailOf = (d: DeviceRow) => detailAllowed(selection.coins, d.coin);
  return {
    selection,
    params,
    coin,
    subAccount,
    list,
    update,
    bindOf,
    detailOf,
    /** firstLoad: nothing to show yet (a skeleton), unlike a page change, which keeps the last page. */
    firstLoad: selection.isLoading || list.isLoading,
  };
}
