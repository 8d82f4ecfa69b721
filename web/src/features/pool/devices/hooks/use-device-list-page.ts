// The device list as a page uses it: the selection (coin, sub-account), the filters in
// the address, the query, and setters. The search page passes allSubAccounts.
import { useAddressParams } from '@/lib/use-address-params';
import { usePoolSelection } from '../../hooks/use-pool-selection';
import { useDeviceList } from '../api/devices';
import { readListParams, writeListParams, type ListParams } from '../model/list-params';

export function useDeviceListPage({ allSubAccounts = false, anyCoin = false } = {}) {
  const selection = usePoolSelection();
  const [q, editQ] = useAddressParams();
  const params = readListParams(q);
  const coin = anyCoin ? (q.get('coin') ?? '') : (selection.coin?.type ?? '');
  const subAccount = allSubAccounts ? '' : (selection.subAccount?.code ?? '');
  // Until the coins and sub-accounts are in, the selection is not known: ask nothing yet.
  const list = useDeviceList({ ...params, coin, subAccount }, anyCoin || !selection.isLoading);
  const update = (patch: Partial<ListParams>) => editQ((prev) => writeListParams(prev, patch));
  return { selection, params, coin, subAccount, list, update };
}
