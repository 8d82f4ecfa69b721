// The devices a request may go to (GET /pc/v1/pool/device/list on one coin).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Page } from '../../model/types';
import type { PickerDevice } from '../model/types';
import { overclockKeys } from './keys';

/** DeviceQuery filters the picker's list. */
export interface DeviceQuery {
  coin: string;
  subAccount: string;
  keyword: string;
  page: number;
  pageSize: number;
}

/** getPickerDevices reads one page of the coin's devices, sorted by worker. */
export function getPickerDevices(q: DeviceQuery, signal?: AbortSignal): Promise<Page<PickerDevice>> {
  return api.get<Page<PickerDevice>>(
    '/pc/v1/pool/device/list',
    { coin: q.coin, subAccount: q.subAccount || undefined, keyword: q.keyword || undefined, page: q.page, pageSize: q.pageSize, sort: 'worker', order: 'asc' },
    { signal },
  );
}

/** usePickerDevices gives the page; it waits while coin is empty. */
export function usePickerDevices(q: DeviceQuery) {
  return useQuery({
    queryKey: overclockKeys.pickerDevices(q),
    queryFn: ({ signal }) => getPickerDevices(q, signal),
    enabled: q.coin !== '',
    placeholderData: keepPreviousData,
  });
}
