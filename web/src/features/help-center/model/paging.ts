// Paging of the help lists: the desktop keeps page and size in the address (so
// "back to list" returns to the same page), the phone loads page after page.
import type { HelpListPage } from './types';

/** PAGE_SIZES are the sizes a list offers (SPEC.md section 9); the first is the default. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;

/** DEFAULT_PAGE_SIZE is the size a list opens with. */
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** MOBILE_PAGE_SIZE is how many rows the phone loads at a time. */
export const MOBILE_PAGE_SIZE = 20;

/** Paging is a page number (from 1) and a page size. */
export interface Paging {
  page: number;
  pageSize: number;
}

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,7}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= 1 ? n : null;
};

/**
 * readPaging reads ?page=&pageSize= from an address; anything missing or bad
 * (a size the server does not offer, page 0, text) gives the default.
 */
export function readPaging(query: URLSearchParams): Paging {
  const page = positiveInt(query.get('page')) ?? 1;
  const size = positiveInt(query.get('pageSize'));
  const pageSize = size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  return { page, pageSize };
}

/**
 * writePaging gives the query with paging set, leaving defaults out so the
 * first page keeps a clean address. Other parameters are kept.
 */
export function writePaging(query: URLSearchParams, { page, pageSize }: Paging): URLSearchParams {
  const next = new URLSearchParams(query);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  if (pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(pageSize));
  else next.delete('pageSize');
  return next;
}

/** lastPage is the number of the last page for total rows (1 for an empty list). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/**
 * pageAfterLoad is the page to move to when a loaded page is past the end (an
 * old link, or articles withdrawn since): the last page; null when page is fine.
 */
export function pageAfterLoad(page: number, data: Pick<HelpListPage, 'total' | 'pageSize'> & { rows: readonly unknown[] }): number | null {
  if (data.rows.length > 0 || page <= 1) return null;
  const last = lastPage(data.total, data.pageSize);
  return page > last ? last : null;
}

/** nextPageOf is the page after a loaded one, or undefined when it was the last. */
export function nextPageOf(loaded: Pick<HelpListPage, 'total' | 'page' | 'pageSize' | 'rows'>): number | undefined {
  if (loaded.rows.length === 0) return undefined;
  return loaded.page * loaded.pageSize < loaded.total ? loaded.page + 1 : undefined;
}
