import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MASK } from '../model/uniplus';
import { useConnectPanel } from './use-connect-panel';

const id = (c: string) => `UP-${c.repeat(64)}`;
let prefix = 'UP-aaaa';
let posts: string[];
// The coin list as both calls give it (the owner's order or the pool's): MINE on devnet
// (sha256d), KAS on kaspad, IRON on ironfish.
let panelCoin = 'MINE';
const coins = [
  { type: 'MINE', algorithm: 'sha256d', driver: 'devnet' },
  { type: 'KAS', algorithm: 'kheavyhash', driver: 'kaspad' },
  { type: 'IRON', algorithm: 'blake3', driver: 'ironfish' },
];

beforeEach(() => {
  posts = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/currency/list') || url.pathname.endsWith('/showCurrencyList')) {
      return new Response(JSON.stringify({ code: 0, msg: '', data: coins }));
    }
    const base = { code: 'alice', coin: panelCoin, stratumUrl: 'stratum+tcp://h:1', stratumUrls: ['stratum+tcp://h:1'], workerName: 'alice.{worker}', workerExample: 'alice.rig01' };
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
  panelCoin = 'MINE';
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

describe('useConnectPanel: miner command lines for the coin', () => {
  it('gives cpuminer with sha256d for a devnet coin, with the stratum URL and the example worker', async () => {
    const { result } = renderHook(() => useConnectPanel('alice'), { wrapper });
    await waitFor(() => expect(result.current.commands).toHaveLength(1));
    expect(result.current.commands[0]).toEqual({ miner: 'cpuminer', command: 'cpuminer -a sha256d -o stratum+tcp://h:1 -u alice.rig01 -p x' });
    expect(result.current.ironfish).toBe(false);
  });

  it('gives lolMiner and BzMiner for a Kaspa coin', async () => {
    panelCoin = 'KAS';
    const { result } = renderHook(() => useConnectPanel('alice'), { wrapper });
    await waitFor(() => expect(result.current.commands).toHaveLength(2));
    expect(result.current.commands.map((c) => c.miner)).toEqual(['lolMiner', 'BzMiner']);
    expect(result.current.commands[1]!.command).toBe('bzminer -a kaspa -p stratum+tcp://h:1 -w alice.rig01');
  });

  it('gives the IronFish miner, host:port and the address to fill in, for an IronFish coin', async () => {
    panelCoin = 'IRON';
    const { result } = renderHook(() => useConnectPanel('alice'), { wrapper });
    await waitFor(() => expect(result.current.commands).toHaveLength(1));
    expect(result.current.commands[0]!.command).toBe('ironfish miners:start --pool h:1 --address YOUR_IRONFISH_ADDRESS --name alice.rig01 --threads -1');
    expect(result.current.ironfish).toBe(true);
  });
});
