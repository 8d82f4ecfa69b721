import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { local, localKeys } from '@/lib/storage';
import { type Call, fakeApi, ok, queryWrapper } from '@/testing/fake-api';
import { useDeviceList } from '../api/devices';
import type { ListParams } from '../model/list-params';
import { deviceRow } from '../../model/device-fixture';
import type { DeviceRow } from '../model/types';
import { useDeviceRemoval } from './use-device-removal';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

// A sub-account with one online and two offline devices, as the pool answers them.
const row = (id: number, worker: string, status: DeviceRow['status']): DeviceRow => deviceRow({ id, code: `alice.${worker}`, worker, status });
const live = row(1, 'live', 'normal');
const gone = row(2, 'gone', 'offline');
const old = row(3, 'old', 'offline');

let devices: DeviceRow[];
let refuse: string;
let calls: Call[];

beforeEach(() => {
  devices = [live, gone, old];
  refuse = '';
  local.set(localKeys.token, 'session-token');
  calls = fakeApi(({ key, body }) => {
    const offline = devices.filter((d) => d.status === 'offline');
    switch (key) {
      case 'GET /api/pc/v1/pool/device/overview':
        return ok({ coin: 'MINE', counts: { total: devices.length, normal: 1, abnormal: 0, offline: offline.length, bound: 0, unbound: 0 } });
      case 'GET /api/pc/v1/pool/device/list':
        return ok({ total: devices.length, page: 1, pageSize: 10, rows: devices });
      case 'POST /api/pc/v1/pool/device/remove': {
        if (refuse) return new Response(JSON.stringify({ code: 3, msg: refuse, data: null }), { status: 400 });
        const id = (body as { id: number }).id;
        const d = devices.find((x) => x.id === id)!;
        devices = devices.filter((x) => x.id !== id);
        return ok({ id, code: d.code });
      }
      case 'POST /api/pc/v1/pool/device/removeOffline':
        devices = devices.filter((d) => d.status !== 'offline');
        return ok({ removed: offline.length });
    }
  });
});
afterEach(() => {
  local.remove(localKeys.token);
  vi.mocked(notify).mockClear();
});

const params: ListParams = { status: '', bound: '', keyword: '', sort: 'worker', order: 'asc', page: 1, pageSize: 10 };

// The removal state beside the list it acts on, as the device list page has them.
const render = ({ readOnly = false, bulk = true, subAccount = 'alice' } = {}) =>
  renderHook(
    () => ({
      removal: useDeviceRemoval({ coin: 'MINE', subAccount, bulk }),
      list: useDeviceList({ ...params, coin: 'MINE', subAccount }).data?.rows.map((d) => d.worker) ?? [],
    }),
    { wrapper: queryWrapper(readOnly) },
  );
const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length;

describe('useDeviceRemoval', () => {
  it('offers Remove on offline devices only, and all offline devices with their count', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.removal.offline).toBe(2));
    expect(result.current.removal.allowed).toBe(true);
    expect(result.current.removal.canRemove(gone)).toBe(true);
    expect(result.current.removal.canRemove(live)).toBe(false);
    // An online device opens no confirmation.
    act(() => result.current.removal.askOne(live));
    expect(result.current.removal.target).toBeNull();
  });

  it('removes one device after its confirmation, says so, and reads the list again', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.list).toEqual(['live', 'gone', 'old']));
    act(() => result.current.removal.askOne(gone));
    expect(result.current.removal.target).toEqual({ kind: 'one', device: gone });
    await waitFor(() => expect(result.current.removal.question).toContain('alice.gone'));
    expect(count('POST', '/api/pc/v1/pool/device/remove')).toBe(0); // nothing before the confirmation
    let ok = false;
    await act(async () => {
      ok = await result.current.removal.confirm();
    });
    expect(ok).toBe(true);
    expect(calls.find((c) => c.path === '/api/pc/v1/pool/device/remove')?.body).toEqual({ id: 2 });
    expect(result.current.removal.target).toBeNull();
    expect(notify).toHaveBeenCalledWith('success', expect.stringContaining('alice.gone'));
    await waitFor(() => expect(result.current.list).toEqual(['live', 'old']));
    await waitFor(() => expect(result.current.removal.offline).toBe(1));
  });

  it("keeps the confirmation open with the pool's refusal, and changes nothing", async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.list).toHaveLength(3));
    // The device came back online since the list was read: the pool refuses.
    refuse = 'alice.gone is online: only offline devices can be removed.';
    act(() => result.current.removal.askOne(gone));
    let ok = true;
    await act(async () => {
      ok = await result.current.removal.confirm();
    });
    expect(ok).toBe(false);
    expect(result.current.removal.error).toBe(refuse);
    expect(result.current.removal.target).toEqual({ kind: 'one', device: gone });
    expect(notify).not.toHaveBeenCalled();
    expect(result.current.list).toEqual(['live', 'gone', 'old']);
    act(() => result.current.removal.cancel());
    expect(result.current.removal.target).toBeNull();
    // Asking again starts without the old message.
    act(() => result.current.removal.askOne(gone));
    expect(result.current.removal.error).toBe('');
  });

  it("removes every offline device of the list's coin and sub-account at once, with the pool's count", async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.removal.offline).toBe(2));
    act(() => result.current.removal.askAll());
    expect(result.current.removal.target).toEqual({ kind: 'offline', count: 2 });
    // The question names the coin, the sub-account and how many there are now.
    await waitFor(() => expect(result.current.removal.question).toMatch(/^(?=.*\bMINE\b)(?=.*\balice\b)(?=.*\b2\b)/s));
    await act(async () => {
      await result.current.removal.confirm();
    });
    expect(calls.find((c) => c.path === '/api/pc/v1/pool/device/removeOffline')?.body).toEqual({ subAccount: 'alice', coin: 'MINE' });
    expect(notify).toHaveBeenCalledWith('success', expect.stringContaining('2'));
    await waitFor(() => expect(result.current.list).toEqual(['live']));
    await waitFor(() => expect(result.current.removal.offline).toBe(0));
    // Nothing left to remove: no confirmation opens.
    act(() => result.current.removal.askAll());
    expect(result.current.removal.target).toBeNull();
  });

  it('offers nothing through an observer link, and asks the pool nothing', async () => {
    const { result } = render({ readOnly: true });
    await waitFor(() => expect(result.current.list).toHaveLength(3));
    expect(result.current.removal.allowed).toBe(false);
    expect(result.current.removal.canRemove(gone)).toBe(false);
    expect(result.current.removal.offline).toBe(0);
    act(() => result.current.removal.askOne(gone));
    act(() => result.current.removal.askAll());
    expect(result.current.removal.target).toBeNull();
    expect(count('GET', '/api/pc/v1/pool/device/overview')).toBe(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers rows only on the search across every coin', async () => {
    const { result } = render({ bulk: false, subAccount: '' });
    await waitFor(() => expect(result.current.list).toHaveLength(3));
    expect(result.current.removal.canRemove(old)).toBe(true);
    expect(result.current.removal.offline).toBe(0);
    expect(count('GET', '/api/pc/v1/pool/device/overview')).toBe(0);
  });
});
