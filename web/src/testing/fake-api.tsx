// Test helpers for hooks that talk to the pool: a fake fetch that records each request and
// answers it from the test's table, and a wrapper with a fresh query cache.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { ReadOnlyContext } from '@/lib/read-only';

/** One request the page sent: its method, path (with the query when asked for) and JSON body. */
export type Call = { method: string; path: string; body: unknown };

/** The pool's answer envelope. */
export type Answer = { code: number; msg?: string; data?: unknown };

/** The answer to `GET /path` style keys; undefined falls through to "no answer" (code 3). */
export type Answerer = (request: { key: string; body: unknown; url: URL }) => Answer | Response | undefined | Promise<Answer | Response | undefined>;

/** ok wraps data in a code 0 answer. */
export const ok = (data: unknown): Answer => ({ code: 0, msg: 'ok', data });

/**
 * fakeApi replaces fetch until vi.restoreAllMocks: each request is pushed on the returned list
 * and answered by answer({ key: 'METHOD /path' }). An answer that is not a Response is sent as JSON
 * with status 200; none at all is code 3 "no answer for /path". withQuery records the query too.
 */
export function fakeApi(answer: Answerer, { withQuery = false }: { withQuery?: boolean } = {}): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: withQuery ? url.pathname + url.search : url.pathname, body });
    const got = (await answer({ key: `${method} ${url.pathname}`, body, url })) ?? { code: 3, msg: `no answer for ${url.pathname}` };
    return got instanceof Response ? got : new Response(JSON.stringify(got));
  });
  return calls;
}

/** fromTable answers from a table keyed 'METHOD /path', each entry given the request body. */
export const fromTable =
  (table: () => Record<string, (body: unknown) => Answer | Response>): Answerer =>
  ({ key, body }) =>
    table()[key]?.(body);

/** queryWrapper gives renderHook a fresh query cache without retries, read-only when asked. */
export function queryWrapper(readOnly = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <ReadOnlyContext.Provider value={readOnly}>{children}</ReadOnlyContext.Provider>
      </QueryClientProvider>
    );
  };
}
