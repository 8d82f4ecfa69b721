import { describe, expect, it } from 'vitest';
import { readListParams, rejectRate, writeListParams } from './list-params';

describe('device list params', () => {
  it('reads defaults and refuses unknown values', () => {
    expect(readListParams(new URLSearchParams('status=weird&sort=temp&pageSize=15&page=-2'))).toEqual({
      status: '', bound: '', keyword: '', sort: 'worker', order: 'asc', page: 1, pageSize: 10,
    });
    expect(readListParams(new URLSearchParams('status=offline&bound=false&sort=dayHashRate&order=desc&page=3&pageSize=50&keyword=rig'))).toEqual({
      status: 'offline', bound: 'false', keyword: 'rig', sort: 'dayHashRate', order: 'desc', page: 3, pageSize: 50,
    });
  });
  it('goes back to page 1 when a filter changes, and keeps the coin', () => {
    const q = new URLSearchParams('coin=LTC&page=4&status=normal');
    expect(writeListParams(q, { keyword: 'a' }).toString()).toBe('coin=LTC&status=normal&keyword=a');
    expect(writeListParams(q, { page: 5 }).toString()).toBe('coin=LTC&page=5&status=normal');
    expect(writeListParams(q, { status: '' }).toString()).toBe('coin=LTC');
  });
  it('computes the reject rate', () => {
    expect(rejectRate(0, 0, 0)).toBe(0);
    expect(rejectRate(90, 5, 5)).toBe(10);
  });
});
