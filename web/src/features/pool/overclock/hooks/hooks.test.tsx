import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { type Answer, type Call, fakeApi, fromTable } from '@/testing/fake-api';
import type { DeviceOverclock } from '../model/types';
import { pickTemplate, readDevice } from './use-overclock-send';
import { useRequestProgress } from './use-request-progress';
import { useTemplateForm } from './use-template-form';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

let calls: Call[];
let answers: Record<string, (body: unknown) => Answer>;

const coins = [
  { type: 'MINE', name: 'Minecoin', gpuOverclockingFlag: true },
  { type: 'LOCK', name: 'Lockcoin', gpuOverclockingFlag: false },
];

beforeEach(() => {
  answers = { 'GET /api/pc/v1/currency/list': () => ({ code: 0, data: coins }) };
  calls = fakeApi(fromTable(() => answers), { withQuery: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(notify).mockClear();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

describe('useTemplateForm', () => {
  it('starts on a coin that allows overclocking and says why the others are missing', async () => {
    const { result } = renderHook(() => useTemplateForm({ defaultCoin: 'LOCK' }), { wrapper });
    await waitFor(() => expect(result.current.values.coin).toBe('MINE'));
    expect(result.current.overclockCoins.map((c) => c.type)).toEqual(['MINE']);
    expect(result.current.otherCoins.map((c) => c.type)).toEqual(['LOCK']);
  });

  it('shows a rule once its field changed, and every rule on submit without sending anything', async () => {
    const { result } = renderHook(() => useTemplateForm(), { wrapper });
    await waitFor(() => expect(result.current.values.coin).toBe('MINE'));
    await waitFor(() => expect(result.current.errorOf('settings')).toBeUndefined());
    expect(result.current.errorOf('name')).toBeUndefined(); // not touched yet
    act(() => result.current.setValue('coreClock', '1000'));
    await waitFor(() => expect(result.current.errorOf('coreClock')).toBe('Enter a multiple of 15.'));
    expect(result.current.errorOf('name')).toBeUndefined();
    act(() => result.current.setValue('memClock', '1000'));
    expect(result.current.memoryHint('memClock')).toBe('MSI Afterburner shows +500 MHz.');

    let ok = true;
    await act(async () => {
      ok = await result.current.submit();
    });
    expect(ok).toBe(false);
    expect(result.current.errorOf('name')).toBe('Enter a template name.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends a good template and shows the server’s refusal beside the form', async () => {
    const onSaved = vi.fn();
    let refuse = true;
    answers['POST /api/pc/v1/pool/overclock/template/create'] = (body) =>
      refuse
        ? { code: 3, msg: 'You already have a template named Eco for MINE.' }
        : { code: 0, msg: 'Template saved.', data: { id: 7, ...(body as object), createdAt: 1, updatedAt: 1 } };
    const { result } = renderHook(() => useTemplateForm({ onSaved }), { wrapper });
    await waitFor(() => expect(result.current.values.coin).toBe('MINE'));
    act(() => {
      result.current.setValue('name', ' Eco ');
      result.current.setValue('coreClock', '-150');
      result.current.setValue('power', '0');
    });
    await act(async () => {
      await result.current.submit();
    });
    expect(result.current.serverError).toBe('You already have a template named Eco for MINE.');
    expect(notify).not.toHaveBeenCalled(); // quiet: the form shows it, not a toast
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.body).toEqual({ name: 'Eco', coin: 'MINE', gpuCategory: 'NVIDIA', coreClock: -150, coreClockLock: null, memClock: null, memClockLock: null, power: 0, fan: null });

    act(() => result.current.setValue('name', 'Eco 2'));
    expect(result.current.serverError).toBe(''); // typing clears the refusal
    refuse = false;
    let ok = false;
    await act(async () => {
      ok = await result.current.submit();
    });
    expect(ok).toBe(true);
    expect(notify).toHaveBeenCalledWith('success', 'Template saved.');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7, name: 'Eco 2' }));
  });
});

describe('useRequestProgress', () => {
  const state = (s: DeviceOverclock['state']): DeviceOverclock => ({
    deviceId: 4,
    worker: 'alice.rig01',
    coin: 'MINE',
    state: s,
    factory: false,
    templateId: 7,
    templateName: 'Eco',
    settings: { coreClock: -150, coreClockLock: null, memClock: null, memClockLock: null, power: 0, fan: null },
    message: s === 'applied' ? 'ok' : '',
    version: 2,
    requestedAt: 1,
    acknowledgedAt: s === 'applied' ? 2 : 0,
  });

  it('starts from the call’s answer and reads again until nothing is pending', async () => {
    answers['GET /api/pc/v1/pool/overclock/device/status'] = () => ({ code: 0, data: [state('applied')] });
    const { result } = renderHook(() => useRequestProgress(), { wrapper });
    expect(result.current.active).toBe(false);
    act(() => result.current.start([state('pending')]));
    expect(result.current.active).toBe(true);
    expect(result.current.ids).toEqual([4]);
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.counts).toEqual({ none: 0, pending: 0, applied: 1, failed: 0 });
    expect(calls.some((c) => c.path === '/api/pc/v1/pool/overclock/device/status?deviceIds=4')).toBe(true);
    act(() => result.current.dismiss());
    expect(result.current.active).toBe(false);
  });
});

describe('the send pages’ choices', () => {
  const t = (id: number, coin: string) => ({ id, coin }) as never;
  it('picks the template in the address, else the newest on the page’s coin, else the newest', () => {
    const list = [t(9, 'LOCK'), t(8, 'MINE'), t(7, 'MINE')];
    expect(pickTemplate(list, 7, 'MINE')).toBe(list[2]);
    expect(pickTemplate(list, 99, 'MINE')).toBe(list[1]);
    expect(pickTemplate(list, null, undefined)).toBe(list[0]);
    expect(pickTemplate([], 7, 'MINE')).toBeNull();
  });
  it('reads a preselected device', () => {
    expect(readDevice(new URLSearchParams('device=12'))).toBe(12);
    expect(readDevice(new URLSearchParams('device=x'))).toBeNull();
    expect(readDevice(new URLSearchParams(''))).toBeNull();
  });
});
