// Choosing devices of one coin for a request: search, paging, the selection (kept across
// pages) and each listed device's current overclock state.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PAGE_SIZES, type PageSize } from '../../model/types';
import { usePickerDevices } from '../api/devices';
import { useOverclockStatus } from '../api/requests';
import type { DeviceOverclock } from '../model/types';

export interface DevicePickerOptions {
  coin: string;
  /** subAccount narrows the list to one sub-account ('' for all). */
  subAccount: string;
  /** initialSelected preselects devices (a link from a device's page). */
  initialSelected?: number[];
}

export function useDevicePicker({ coin, subAccount, initialSelected = [] }: DevicePickerOptions) {
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<number[]>(initialSelected);

  // Another coin or sub-account starts at page 1; another coin also drops the selection,
  // since a request goes to devices of one coin.
  const lastCoin = useRef(coin);
  useEffect(() => {
    setPage(1);
    if (lastCoin.current !== '' && lastCoin.current !== coin) setSelected([]);
    lastCoin.current = coin;
  }, [coin, subAccount]);

  const list = usePickerDevices({ coin, subAccount, keyword, page, pageSize });
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const states = useOverclockStatus(ids, { silent: true });
  const byId = useMemo(() => new Map((states.data ?? []).map((s) => [s.deviceId, s])), [states.data]);

  const search = useCallback(
    (text: string = draft) => {
      setKeyword(text.trim());
      setPage(1);
    },
    [draft],
  );

  const toggle = useCallback((id: number, on?: boolean) => {
    setSelected((prev) => {
      const has = prev.includes(id);
      const want = on ?? !has;
      if (want === has) return prev;
      return want ? [...prev, id] : prev.filter((x) => x !== id);
    });
  }, []);

  const allOnPage = ids.length > 0 && ids.every((id) => selected.includes(id));
  const togglePage = useCallback(() => {
    setSelected((prev) => (ids.every((id) => prev.includes(id)) ? prev.filter((id) => !ids.includes(id)) : [...new Set([...prev, ...ids])]));
  }, [ids]);

  return {
    coin,
    draft,
    setDraft,
    keyword,
    search,
    page,
    pageSize,
    setPage,
    setPageSize: (size: PageSize) => {
      setPageSize(size);
      setPage(1);
    },
    rows,
    total: list.data?.total ?? 0,
    loading: list.isLoading || (list.isFetching && !list.data),
    fetching: list.isFetching,
    failed: list.isError && !list.data,
    retry: () => void list.refetch(),
    selected,
    setSelected,
    toggle,
    allOnPage,
    togglePage,
    clear: () => setSelected([]),
    stateOf: (id: number): DeviceOverclock | undefined => byId.get(id),
  };
}

export type DevicePicker = ReturnType<typeof useDevicePicker>;
