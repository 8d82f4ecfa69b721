import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, lastPage, nextPageOf, pageAfterLoad, readPaging, writePaging } from './paging';

const q = (s: string) => new URLSearchParams(s);

describe('help list paging', () => {
  it('reads page and size from the address', () => {
    expect(readPaging(q(''))).toEqual({ page: 1, pageSize: 10 });
    expect(readPaging(q('page=3&pageSize=30'))).toEqual({ page: 3, pageSize: 30 });
    expect(readPaging(q('page=2&pageSize=50'))).toEqual({ page: 2, pageSize: 50 });
  });

  it('falls back to the defaults for anything the server would refuse', () => {
    for (const bad of ['page=0', 'page=-2', 'page=abc', 'page=1.5', 'page=99999999']) {
      expect(readPaging(q(bad)).page, bad).toBe(1);
    }
    for (const bad of ['pageSize=15', 'pageSize=0', 'pageSize=100', 'pageSize=ten']) {
      expect(readPaging(q(bad)).pageSize, bad).toBe(DEFAULT_PAGE_SIZE);
    }
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(writePaging(q('x=1&page=4'), { page: 1, pageSize: 10 }).toString()).toBe('x=1');
    expect(writePaging(q(''), { page: 2, pageSize: 20 }).toString()).toBe('page=2&pageSize=20');
    expect(readPaging(writePaging(q(''), { page: 7, pageSize: 30 }))).toEqual({ page: 7, pageSize: 30 });
  });

  it('knows the last page', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
    expect(lastPage(101, 50)).toBe(3);
  });

  it('moves an empty page past the end to the last page', () => {
    expect(pageAfterLoad(5, { total: 12, pageSize: 10, rows: [] })).toBe(2);
    expect(pageAfterLoad(3, { total: 0, pageSize: 10, rows: [] })).toBe(1);
    // A page with rows, the first page, or an empty page inside the range stays.
    expect(pageAfterLoad(2, { total: 12, pageSize: 10, rows: [{} as never] })).toBeNull();
    expect(pageAfterLoad(1, { total: 0, pageSize: 10, rows: [] })).toBeNull();
    expect(pageAfterLoad(2, { total: 12, pageSize: 10, rows: [] })).toBeNull();
  });

  it('asks for the next page until every row is loaded', () => {
    const rows = (n: number) => Array.from({ length: n }, () => ({}) as never);
    expect(nextPageOf({ total: 45, page: 1, pageSize: 20, rows: rows(20) })).toBe(2);
    expect(nextPageOf({ total: 45, page: 2, pageSize: 20, rows: rows(20) })).toBe(3);
    expect(nextPageOf({ total: 45, page: 3, pageSize: 20, rows: rows(5) })).toBeUndefined();
    expect(nextPageOf({ total: 40, page: 2, pageSize: 20, rows: rows(20) })).toBeUndefined();
    // Rows withdrawn while scrolling: an empty page ends the list instead of looping.
    expect(nextPageOf({ total: 45, page: 3, pageSize: 20, rows: [] })).toBeUndefined();
  });
});
