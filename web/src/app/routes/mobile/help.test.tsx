import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { local, localKeys } from '@/lib/storage';
import { observerQueries } from '../observer-queries';
import MobileHelpArea, { type MobileHelpPage } from './help';

type Answer = { code: number; msg?: string; data: unknown };

/** serve answers /api calls from a table of path -> answer and records every call. */
function serve(table: Record<string, Answer>) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    const answer = table[url.pathname] ?? { code: 3, msg: 'no such call', data: null };
    return new Response(JSON.stringify({ msg: '', ...answer }), { headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function renderAt(path: string) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const page = (name: MobileHelpPage) => <MobileHelpArea page={name} />;
  const router = createMemoryRouter(
    [
      { path: '/mobile/help/helpcenter', element: page('helpcenter') },
      { path: '/mobile/help/helplist', element: page('helplist') },
      { path: '/mobile/help/helpdetail', element: page('helpdetail') },
      { path: '/mobile/observerMode/help/helplist', element: page('helplist') },
      { path: '/mobile/observerMode/help/helpdetail', element: page('helpdetail') },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path], future: { v7_relativeSplatPath: true } },
  );
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

const row = (id: number, title: string, read?: boolean) => ({
  id,
  title,
  summary: `About ${title}`,
  publishedAt: Date.UTC(2026, 0, id),
  lang: 'en_US',
  ...(read === undefined ? {} : { read }),
});

beforeEach(() => {
  // Chromium's scrollTo answers a promise: an effect must not hand it to React as its cleanup.
  vi.spyOn(window, 'scrollTo').mockImplementation((() => Promise.resolve()) as never);
});
afterEach(() => {
  vi.restoreAllMocks();
  observerQueries.clear();
  local.remove(localKeys.observerToken);
  local.remove(localKeys.unReadCount);
});

describe('mobile help area', () => {
  it('sends a visitor from the notice list to the mobile login', async () => {
    const calls = serve({});
    const router = renderAt('/mobile/help/helplist?type=notice');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/login'));
    expect(calls.filter((c) => c.includes('/helpPage/notice'))).toEqual([]);
  });

  it('shows a logged-in user the notices with their unread marks', async () => {
    local.set(localKeys.token, 'tok');
    serve({
      '/api/pc/v1/helpPage/notice/list': { code: 0, data: { total: 2, page: 1, pageSize: 20, rows: [row(2, 'Fresh notice', false), row(1, 'Old notice', true)] } },
      '/api/pc/v1/helpPage/notice/unread': { code: 0, data: { unReadCount: 1 } },
    });
    renderAt('/mobile/help/helplist?type=notice');
    await screen.findByText('Fresh notice');
    const rows = screen.getAllByTestId('help-row');
    expect(rows.map((r) => r.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(1);
    expect(rows[0]!.getAttribute('href')).toBe('/mobile/help/helpdetail?type=notice&id=2');
    await screen.findByText('1 unread');
  });

  it('lists FAQ entries for a visitor, page by page', async () => {
    const calls = serve({
      '/api/pc/v1/helpPage/faq/list': { code: 0, data: { total: 1, page: 1, pageSize: 20, rows: [row(4, 'How do I connect?')] } },
    });
    renderAt('/mobile/help/helplist?type=faq');
    await screen.findByText('How do I connect?');
    expect(calls).toContain('/api/pc/v1/helpPage/faq/list?page=1&pageSize=20');
    await screen.findByText('You have reached the end of the list.');
  });

  it('explains an unknown type instead of asking the server', async () => {
    const calls = serve({});
    renderAt('/mobile/help/helplist?type=bogus');
    await screen.findByText('Unknown help section');
    expect(calls.filter((c) => c.includes('helpPage'))).toEqual([]);
  });

  it('sends the observer messages (type=infoList) to observer mode, and without a link to the observer list', async () => {
    serve({});
    const router = renderAt('/mobile/help/helplist?type=infoList');
    await screen.findByText('elsewhere');
    expect(router.state.location.pathname).toBe('/mobile/observerMode/observerList');
  });

  it('lists the link\'s messages with unread marks, and "mark all as read" clears them', async () => {
    local.set(localKeys.observerToken, 'ob_test');
    let unread = 1;
    const msg = (id: string, title: string, read: boolean) => ({ id, kind: 'devicesOffline', coin: 'LTC', title, summary: 'LTC, sub-account farm', publishedAt: Date.UTC(2026, 10, 20), lang: 'en_US', read });
    const calls = serve({});
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname);
      const headers = new Headers(init?.headers);
      if (headers.get('x-token') !== 'ob_test') return new Response(JSON.stringify({ code: 5, msg: 'gone', data: null }));
      let data: unknown = null;
      if (url.pathname.endsWith('/observer/message/list'))
        data = { total: 2, page: 1, pageSize: 20, unReadCount: unread, rows: [msg('device-2', 'farm.rig1 is offline', unread === 0), msg('device-1', 'farm.rig2 is offline', true)] };
      if (url.pathname.endsWith('/observer/message/info')) data = { unReadCount: unread };
      if (url.pathname.endsWith('/observer/message/readAll')) {
        unread = 0;
        return new Response(JSON.stringify({ code: 0, msg: 'All messages are marked read.', data: { unReadCount: 0 } }));
      }
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    });
    // The API client sends the observer token on observer pages, by the window's address.
    window.history.pushState({}, '', '/mobile/observerMode/help/helplist?type=infoList');
    renderAt('/mobile/observerMode/help/helplist?type=infoList');
    await screen.findByText('farm.rig1 is offline');
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(1);
    await waitFor(() => expect(local.get(localKeys.unReadCount)).toBe('1'));
    screen.getByTestId('message-read-all').click();
    await waitFor(() => expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(local.get(localKeys.unReadCount)).toBe('0');
    expect(calls).toContain('/api/pc/v1/helpPage/observer/message/readAll');
    window.history.pushState({}, '', '/');
  });

  it('shows "not found" for a malformed id without a call, and for an id the server does not know', async () => {
    const calls = serve({ '/api/pc/v1/helpPage/faq/detail': { code: 3, msg: 'There is no such question.', data: null } });
    renderAt('/mobile/help/helpdetail?type=faq&id=abc');
    await screen.findByText('Article not found');
    expect(calls.filter((c) => c.includes('/detail'))).toEqual([]);
    cleanup();

    renderAt('/mobile/help/helpdetail?type=faq&id=99');
    await screen.findByText('Article not found');
    expect(calls).toEqual(['/api/pc/v1/helpPage/faq/detail?id=99']);
  });

  it('shows an article with its neighbours', async () => {
    serve({
      '/api/pc/v1/helpPage/announcement/detail': {
        code: 0,
        data: { id: 5, title: 'Pool opens', html: '<p>Hello <strong>miners</strong></p>', publishedAt: Date.UTC(2026, 0, 5), lang: 'zh_HK', prevId: 6, nextId: null },
      },
    });
    renderAt('/mobile/help/helpdetail?type=announcement&id=5');
    await screen.findByRole('heading', { name: 'Pool opens' });
    expect(screen.getByTestId('help-article').innerHTML).toBe('<p>Hello <strong>miners</strong></p>');
    expect(screen.getByTestId('help-article').getAttribute('lang')).toBe('zh-HK');
    // Served in another language than the reader's: it says so.
    screen.getByText(/not available in your language yet/);
    expect((screen.getByTestId('help-prev') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('help-next') as HTMLButtonElement).disabled).toBe(true);
  });
});
