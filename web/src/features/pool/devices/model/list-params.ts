// The device list's filters, sort and page as they live in the address, so a reload or
// a shared link shows the same list.
import { PAGE_SIZES, type DeviceStatus, type PageSize } from '../../model/types';

export const SORTS = ['worker', 'status', 'realTimeHashRate', 'dayHashRate', 'lastUpdateTime'] as const;
export type Sort = (typeof SORTS)[number];

export interface ListParams {
  status: DeviceStatus | '';
  bound: '' | 'true' | 'false';
  keyword: string;
  sort: Sort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: PageSize;
}

/** readListParams reads the list's state from the address; anything unknown falls back to its default. */
export function readListParams(q: URLSearchParams): ListParams {
  const status = q.get('status');
  const bound = q.get('bound');
  const sort = q.get('sort') as Sort | null;
  const size = Number(q.get('pageSize'));
  const page = Math.floor(Number(q.get('page')));
  return {
    status: status === 'normal' || status === 'abnormal' || status === 'offline' ? status : '',
    bound: bound === 'true' || bound === 'false' ? bound : '',
    keyword: (q.get('keyword') ?? '').slice(0, 50),
    sort: sort && (SORTS as readonly string[]).includes(sort) ? sort : 'worker',
    order: q.get('order') === 'desc' ? 'desc' : 'asc',
    page: page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : PAGE_SIZES[0],
  };
}

/** writeListParams puts a change into the address; a filter change goes back to page 1. */
export function writeListParams(q: URLSearchParams, patch: Partial<ListParams>): URLSearchParams {
  const next = new URLSearchParams(q);
  const resetsPage = ['status', 'bound', 'keyword', 'sort', 'order', 'pageSize'].some((k) => k in patch);
  for (const [k, v] of Object.entries(patch)) {
    if (v === '' || v === undefined || (k === 'page' && v === 1)) next.delete(k);
    else next.set(k, String(v));
  }
  if (resetsPage && !('page' in patch)) next.delete('page');
  return next;
}

/** rejectRate is the share of rejected and stale among all shares, in percent (0 without shares). */
export function rejectRate(accepted: number, rejected: number, stale: number): number {
  const all = accepted + rejected + stale;
  return all === 0 ? 0 : ((rejected + stale) / all) * 100;
}
