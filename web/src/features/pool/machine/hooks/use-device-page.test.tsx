import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { useDevicePage } from './use-device-page';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const at = (path: string) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    );
  };

const answer = (body: unknown) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body)));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(notify).mockClear();
});

describe('useDevicePage', () => {
  it('asks for a device when the address names none, without calling the server', () => {
    const fetch = answer({ code: 0, data: {} });
    const { result } = renderHook(() => useDevicePage(), { wrapper: at('/account/orePoolMachineDetail?id=abc') });
    expect(result.current.state).toBe('noId');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal as the page’s state, not as a toast', async () => {
    answer({ code: 3, msg: 'LOCK does not support viewing device details.' });
    const { result } = renderHook(() => useDevicePage(), { wrapper: at('/account/orePoolMachineDetail?id=5') });
    expect(result.current.state).toBe('loading');
    await waitFor(() => expect(result.current.state).toBe('refused'));
    expect(result.current.message).toBe('LOCK does not support viewing device details.');
    expect(notify).not.toHaveBeenCalled();
  });

  it('tells a transport failure (retry) from a refusal', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useDevicePage(), { wrapper: at('/account/orePoolMachineDetail?id=5') });
    await waitFor(() => expect(result.current.state).toBe('failed'));
  });

  it('gives the device', async () => {
    const fetch = answer({ code: 0, data: { id: 5, code: 'alice.rig01', gpus: [] } });
    const { result } = renderHook(() => useDevicePage(), { wrapper: at('/account/orePoolMachineDetail?id=5') });
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.device?.code).toBe('alice.rig01');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/pc/v1/pool/device/detail?id=5');
  });
});
