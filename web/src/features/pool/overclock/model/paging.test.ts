import { describe, expect, it } from 'vitest';
import { afterRemoval, lastPage, readPaging } from './paging';

describe('paging', () => {
  it('reads page and size from the address, falling back to 1 and 10', () => {
    expect(readPaging(new URLSearchParams('page=3&size=30'))).toEqual({ page: 3, pageSize: 30 });
    expect(readPaging(new URLSearchParams('page=0&size=25'))).toEqual({ page: 1, pageSize: 10 });
    expect(readPaging(new URLSearchParams('page=x'))).toEqual({ page: 1, pageSize: 10 });
  });
  it('knows the last page and where to go after removing a page’s last row', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(21, 10)).toBe(3);
    expect(afterRemoval(3, 1)).toBe(2);
    expect(afterRemoval(3, 2)).toBe(3);
    expect(afterRemoval(1, 1)).toBe(1);
  });
});
