import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MASK } from '../model/uniplus';
import { useConnectPanel } from './use-connect-panel';

const id = (c: string) => `UP-${c.repeat(64)}`;
let prefix = 'UP-aaaa';
let posts: string[];

beforeEach(() => {
  posts = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const base = { code: 'alice', coin: 'MINE', stratumUrl: 'stratum+tcp://h:1', stratumUrls: ['stratum+tcp://h:1'], workerName: 'alice.{worker}', workerExample: 'alice.rig01' };
    if (init?.method === 'POST' && url.pathname.endsWith('/uniplus/regenerate')) {
      posts.push(url.pathname);
      prefix = 'UP-bbbb';
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { ...base, uniplusId: id('b'), uniplusPrefix: prefix } }));
    }
    // The read never has the ID: the pool keeps only its hash.
    return new Response(JSON.stringify({ code: 0, msg: '', data: { ...base, uniplusId: null, uniplusPrefix: prefix } }));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  prefix = 'UP-aaaa';
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

describe('useConnectPanel: the Uniplus ID is shown once', () => {
  it('shows the ID the create answer gave until it is saved, then only the masked prefix', async () => {
    const { result } = renderHook(() => useConnectPanel('alice', id('a')), { wrapper });
    await waitFor(() => expect(result.current.info).toBeDefined());
    expect(result.current.secret).toBe(id('a'));
    act(() => result.current.saved());
    expect(result.current.secret).toBe('');
    expect(result.current.masked).toBe(`UP-aaaa${MASK}`);
  });

  it('shows a fresh ID that arrives after the panel is up (the list refreshes before the create answer)', async () => {
    const { result, rerender } = renderHook(({ fresh }) => useConnectPanel('alice', fresh), { wrapper, initialProps: { fresh: '' } });
    await waitFor(() => expect(result.current.info).toBeDefined());
    expect(result.current.secret).toBe('');
    rerender({ fresh: id('a') });
    expect(result.current.secret).toBe(id('a'));
    act(() => result.current.saved());
    rerender({ fresh: id('a') });
    expect(result.current.secret).toBe('');
  });

  it('without a fresh ID shows the masked prefix; regenerate shows the new ID and the new prefix follows', async () => {
    const { result } = renderHook(() => useConnectPanel('alice'), { wrapper });
    await waitFor(() => expect(result.current.info).toBeDefined());
    expect(result.current.secret).toBe('');
    expect(result.current.masked).toBe(`UP-aaaa${MASK}`);
    await act(async () => {
      expect(await result.current.regenerate()).toBe(true);
    });
    expect(posts).toHaveLength(1);
    expect(result.current.secret).toBe(id('b'));
    await waitFor(() => expect(result.current.masked).toBe(`UP-bbbb${MASK}`));
  });
});
