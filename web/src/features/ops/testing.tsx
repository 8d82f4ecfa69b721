// Test helpers of the console's pages and hooks: a page at an address with the console's
// providers, a hook's query client, the operator signed in, an action's submit, and the
// coin and article the tests edit.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubMatchMedia } from '@/testing/render';
import { opsClient } from './api';
import type { EditableCoin } from './coin-edit/models';
import type { ArticleView } from './content/models';
import type { Me, Perm } from './models';

const testClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** hookWrapper gives a hook under test a fresh query cache. */
export function hookWrapper() {
  const client = testClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** renderPage renders a console page mounted at route (its params), opened at path, in English; the router tells where it went. */
export function renderPage(route: string, element: ReactNode, path: string) {
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={testClient()}>
      <I18nextProvider i18n={i18n}>
        <App>
          <RouterProvider router={router} />
        </App>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** signedIn is GET /v1/me's answer for an operator with these rights. */
export function signedIn(permissions: Perm[]): Me {
  return { operator: { id: 1, email: 'a@example.com', role: 'owner', totpEnrolled: true, disabled: false, createdAt: 0 }, permissions, idleSeconds: 0 };
}

/** pageTests sets up a file of page tests: a wide screen for antd, and every stub undone after each test. */
export function pageTests() {
  beforeEach(() => stubMatchMedia(true));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

/** serveReads answers the console's reads: /v1/me as an operator with these rights, the rest from answers (an Error is thrown). */
export function serveReads(permissions: Perm[], answers: Record<string, unknown>) {
  vi.spyOn(opsClient, 'get').mockImplementation(async (path: string) => {
    if (path === '/v1/me') return signedIn(permissions) as never;
    if (!(path in answers)) throw new Error(`unexpected ${path}`);
    const answer = answers[path];
    if (answer instanceof Error) throw answer;
    return answer as never;
  });
}

/** submitted runs a form's or an action's submit inside act and answers whether it went through. */
export async function submitted(submit: () => Promise<boolean>): Promise<boolean> {
  let ok = false;
  await act(async () => {
    ok = await submit();
  });
  return ok;
}

/** editableCoin is a coin of the coin editing page, open, 2 % fee, nothing pending. */
export function editableCoin(over: Partial<EditableCoin> = {}): EditableCoin {
  return {
    type: 'LTC',
    name: 'Litecoin',
    algorithm: 'scrypt',
    open: true,
    closedMsg: {},
    feeBps: 200,
    settleModel: 'PPS',
    settleTime: '00:00',
    ppsTxFees: false,
    pending: null,
    minWithdraw: '0.01',
    withdrawFee: '0.001',
    withdrawReviewAbove: '0',
    dustFloor: '0',
    payoutConfirmations: 0,
    stratumPorts: [3400],
    soloPorts: [],
    soloFeeBps: 100,
    driver: 'litecoind',
    flags: [],
    ...over,
  };
}

/** articleView is an article as its page reads it: English only, with its preview. */
export function articleView(over: Partial<ArticleView> = {}): ArticleView {
  return {
    id: 9,
    kind: 'notice',
    status: 'draft',
    sortOrder: 0,
    publishedAt: 0,
    createdAt: 1,
    updatedAt: 1,
    translations: [{ lang: 'en_US', title: 'Maintenance', body: '# Tonight', preview: { html: '<h1>Tonight</h1>', summary: 'Tonight' } }],
    missingLanguages: ['zh_CN', 'zh_HK', 'ko_KR'],
    ...over,
  };
}
