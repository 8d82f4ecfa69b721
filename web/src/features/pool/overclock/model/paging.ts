import { PAGE_SIZES, type PageSize } from '../../model/types';

/** readPaging reads ?page= and ?size= (1 and the first page size when missing or wrong). */
export function readPaging(params: URLSearchParams): { page: number; pageSize: PageSize } {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : PAGE_SIZES[0],
  };
}

/** lastPage is the number of the last page (1 for an empty list). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** afterRemoval is the page to show after the last row of page was removed. */
export function afterRemoval(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}
