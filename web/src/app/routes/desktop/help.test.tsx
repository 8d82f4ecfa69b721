import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { local, localKeys } from '@/lib/storage';
import { stubMatchMedia } from '@/testing/render';
import HelpArea, { type HelpPage } from './help';

type Answer = { code: number; msg?: string; data: unknown };

/** serve answers /api calls with answer(path, query) and records every call. */
function serve(answer: (path: string, query: URLSearchParams) => Answer | undefined) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    const a = answer(url.pathname, url.searchParams) ?? { code: 3, msg: 'no such call', data: null };
    return new Response(JSON.stringify({ msg: '', ...a }), { headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function renderAt(path: string) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const page = (name: HelpPage) => <HelpArea page={name} />;
  const router = createMemoryRouter(
    [
      { path: '/help', element: page('helpCenter') },
      { path: '/help/faq/list', element: page('faqList') },
      { path: '/help/notice/list', element: page('noticeList') },
      { path: '/help/announcement/detail/:id', element: page('announcementDetail') },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path], future: { v7_relativeSplatPath: true } },
  );
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <App>
          <RouterProvider router={router} future={{ v7_startTransition: true }} />
        </App>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

const rows = (from: number, n: number, extra: object = {}) =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, title: `Entry ${from + i}`, summary: 'Short text', publishedAt: Date.UTC(2026, 0, 1), lang: 'en_US', ...extra }));

beforeEach(() => {
  // Chromium's scrollTo answers a promise: an effect must not hand it to React as its cleanup.
  vi.spyOn(window, 'scrollTo').mockImplementation((() => Promise.resolve()) as never);
  // antd's pager watches screen sizes; jsdom has no matchMedia.
  stubMatchMedia(false);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('desktop help centre', () => {
  it('start page: public sections list their latest entries; notices ask a visitor to log in', async () => {
    const calls = serve((path) => {
      if (path.endsWith('/announcement/list')) return { code: 0, data: { total: 7, page: 1, pageSize: 10, rows: rows(1, 7) } };
      if (path.endsWith('/faq/list')) return { code: 0, data: { total: 2, page: 1, pageSize: 10, rows: rows(20, 2) } };
      return undefined;
    });
    renderAt('/help');
    const announcements = await screen.findByTestId('help-section-announcement');
    await waitFor(() => expect(within(announcements).getAllByTestId('help-latest-announcement')).toHaveLength(5));
    expect(within(announcements).getAllByTestId('help-latest-announcement')[0]!.getAttribute('href')).toBe('/help/announcement/detail/1');
    await waitFor(() => expect(screen.getAllByTestId('help-latest-faq')).toHaveLength(2));
    const notices = screen.getByTestId('help-section-notice');
    expect(within(notices).getByTestId('help-notice-login-link').getAttribute('href')).toBe('/login');
    expect(calls.some((c) => c.includes('/notice/'))).toBe(false);
  });

  it('list: paging lives in the address and reaches the server', async () => {
    const calls = serve((_path, q) => ({
      code: 0,
      data: { total: 45, page: Number(q.get('page')), pageSize: Number(q.get('pageSize')), rows: rows(100, 20) },
    }));
    const router = renderAt('/help/faq/list?page=2&pageSize=20');
    await screen.findByText('Entry 100');
    expect(calls).toContain('/api/pc/v1/helpPage/faq/list?page=2&pageSize=20');
    expect(screen.getAllByTestId('help-total')[0]!.textContent).toBe('45 in total');
    const link = screen.getAllByTestId('help-row')[0]!;
    expect(link.getAttribute('href')).toBe('/help/faq/detail/100');

    // The pager's "3" opens page 3 with the same size.
    within(screen.getByTestId('help-pagination')).getByTitle('3').click();
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&pageSize=20'));
    await waitFor(() => expect(calls).toContain('/api/pc/v1/helpPage/faq/list?page=3&pageSize=20'));
  });

  it('list: a page past the end moves to the last page', async () => {
    serve((_path, q) => {
      const page = Number(q.get('page'));
      return { code: 0, data: { total: 12, page, pageSize: 10, rows: page === 2 ? rows(11, 2) : [] } };
    });
    const router = renderAt('/help/faq/list?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await screen.findByText('Entry 12');
  });

  it('notice list: unread marks and "mark all as read"', async () => {
    local.set(localKeys.token, 'tok');
    let unread = 1;
    const calls = serve((path) => {
      if (path.endsWith('/notice/list')) return { code: 0, data: { total: 2, page: 1, pageSize: 10, rows: [...rows(1, 1, { read: unread === 0 }), ...rows(2, 1, { read: true })] } };
      if (path.endsWith('/notice/unread')) return { code: 0, data: { unReadCount: unread } };
      if (path.endsWith('/notice/readAll')) {
        unread = 0;
        return { code: 0, msg: 'All notifications are marked read.', data: { unReadCount: 0 } };
      }
      return undefined;
    });
    renderAt('/help/notice/list');
    await screen.findByText('Entry 1');
    expect(screen.getAllByTestId('help-row').map((r) => r.getAttribute('data-read'))).toEqual(['false', 'true']);
    await screen.findByTestId('help-unread-count');
    screen.getByTestId('help-read-all').click();
    await waitFor(() => expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(calls).toContain('/api/pc/v1/helpPage/notice/readAll');
    await waitFor(() => expect((screen.getByTestId('help-read-all') as HTMLButtonElement).disabled).toBe(true));
  });

  it('detail: an article, then its neighbour, then back to the page of the list it came from', async () => {
    const article = (id: number, prevId: number | null, nextId: number | null) => ({
      code: 0,
      data: { id, title: `Article ${id}`, html: `<p>Body ${id}</p>`, publishedAt: Date.UTC(2026, 0, id), lang: 'en_US', prevId, nextId },
    });
    serve((_path, q) => (q.get('id') === '8' ? article(8, 9, null) : article(9, null, 8)));
    const router = renderAt('/help/announcement/detail/8');
    await screen.findByRole('heading', { level: 1, name: 'Article 8' }, { timeout: 5000 });
    expect(screen.queryByTestId('help-next')).toBeNull();
    screen.getByTestId('help-prev').click();
    await screen.findByRole('heading', { level: 1, name: 'Article 9' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/help/announcement/detail/9');
    expect(screen.getByTestId('help-article').textContent).toBe('Body 9');
    expect(screen.getByTestId('help-back').getAttribute('href')).toBe('/help/announcement/list');
  });

  it('detail: a malformed id is "not found" without a call', async () => {
    const calls = serve(() => ({ code: 3, msg: 'There is no such announcement.', data: null }));
    renderAt('/help/announcement/detail/abc');
    await screen.findByTestId('help-not-found');
    expect(calls).toEqual([]);
  });

  it('detail: an unknown id shows "not found" with the way back', async () => {
    serve(() => ({ code: 3, msg: 'There is no such announcement.', data: null }));
    renderAt('/help/announcement/detail/77');
    const box = await screen.findByTestId('help-not-found');
    within(box).getByText('Article not found');
    expect(within(box).getByTestId('help-back').getAttribute('href')).toBe('/help/announcement/list');
  });
});
