// The content pages in jsdom: a viewer reads (no write buttons), support writes a new
// announcement and previews it with the server's rendering.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { opsClient } from '@/features/ops/api';
import { ApiError } from '@/lib/api-client';
import type { ArticleView } from '@/features/ops/content/models';
import type { Perm } from '@/features/ops/models';
import { articleView, pageTests, renderPage, serveReads } from '@/features/ops/testing';
import { ContentPage } from './content';

const article = articleView({
  id: 5,
  kind: 'announcement',
  status: 'published',
  publishedAt: 1_700_000_000_000,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  translations: [{ lang: 'en_US', title: 'Maintenance tonight', body: '# Tonight', preview: { html: '<h1>Tonight</h1>', summary: 'Tonight' } }],
});

function serve(permissions: Perm[]) {
  serveReads(permissions, {
    '/v1/content/legal': { items: [{ type: 'Disclaimer', lang: 'en_US', title: 'Disclaimer', updatedAt: 1_700_000_000_000 }], types: ['Service-Agreement', 'Privacy-Policy', 'Disclaimer'], languages: [] },
    '/v1/content/legal/Disclaimer/ko_KR': new ApiError('code', 'There is no such content.', 3, { error: 'opscontent.notFound' }),
    '/v1/content/apps': { items: [{ operateSystem: 'android', version: '2.0.0', url: 'https://cdn.example.com/u.apk', notes: '', updatedAt: 1 }], operatingSystems: ['windows', 'android'] },
    '/v1/content/articles/announcement': { items: [{ ...article, translations: article.translations.map(({ preview: _, ...t }) => t) }], languages: [] },
    '/v1/content/articles/announcement/5': article,
  });
}

const renderAt = (path: string) => renderPage('/content/*', <ContentPage />, path);

describe('ContentPage', () => {
  pageTests();

  it('lets a viewer read an article and its preview, with no write buttons', async () => {
    serve(['read']);
    const router = renderAt('/content');
    expect(await screen.findByTestId('ops-content-read-only')).toBeTruthy();
    const list = await screen.findByTestId('ops-content-list-announcement');
    expect(screen.queryByTestId('ops-content-new-announcement')).toBeNull();
    fireEvent.click(within(list).getByText('Maintenance tonight'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/announcement/5'));
    const preview = await screen.findByTestId('ops-content-preview');
    expect(within(preview).getByRole('heading', { name: 'Tonight' })).toBeTruthy();
    expect(screen.queryByTestId('ops-content-unpublish')).toBeNull();
    expect(screen.queryByTestId('ops-content-save')).toBeNull();
    expect(screen.getByTestId('ops-content-missing')).toBeTruthy();
  });

  it('lets support write a new announcement: checked, previewed by the server, saved as a draft', async () => {
    serve(['read', 'users', 'content']);
    const created: ArticleView = { ...article, id: 8, status: 'draft', publishedAt: 0 };
    const post = vi.spyOn(opsClient, 'post').mockImplementation(async (path: string) => {
      if (path === '/v1/content/preview') return { html: '<h1>Tonight</h1>', summary: 'Tonight' } as never;
      if (path === '/v1/content/articles/announcement') return created as never;
      throw new Error(`unexpected ${path}`);
    });
    const router = renderAt('/content/announcement/new?lang=en_US');
    const form = await screen.findByTestId('ops-content-form');
    fireEvent.click(within(form).getByTestId('ops-content-save'));
    expect(await within(form).findByText('Enter a title.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByTestId('ops-content-title'), { target: { value: 'Maintenance tonight' } });
    fireEvent.change(within(form).getByTestId('ops-content-body'), { target: { value: '# Tonight' } });
    fireEvent.click(within(form).getByTestId('ops-content-preview-run'));
    const previews = await screen.findAllByTestId('ops-content-preview');
    await waitFor(() => expect(previews.some((p) => within(p).queryByRole('heading', { name: 'Tonight' }))).toBe(true));

    fireEvent.click(within(form).getByTestId('ops-content-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/announcement/8'));
    expect(post).toHaveBeenCalledWith('/v1/content/articles/announcement', { lang: 'en_US', title: 'Maintenance tonight', body: '# Tonight' }, { quiet: true });
    expect(await screen.findByTestId('ops-content-publish')).toBeTruthy();
  });

  it('lists the legal documents by language and opens a missing one as a new text', async () => {
    serve(['read', 'content']);
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue({ type: 'Disclaimer', lang: 'ko_KR', title: '면책', body: '# 면책', updatedAt: 2, preview: { html: '<h1>면책</h1>', summary: '' }, url: '/legal/Disclaimer/ko_KR' } as never);
    const router = renderAt('/content?tab=legal');
    const table = await screen.findByTestId('ops-content-legal');
    expect(within(table).getAllByText('Missing').length).toBe(11); // 3 types x 4 languages, one written
    fireEvent.click(within(table).getByTestId('ops-content-legal-Disclaimer'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/legal/Disclaimer'));
    act(() => void router.navigate('/content/legal/Disclaimer?lang=ko_KR'));
    const form = await screen.findByTestId('ops-content-legal-form');
    fireEvent.change(within(form).getByTestId('ops-content-body'), { target: { value: '# 면책' } });
    fireEvent.click(within(form).getByTestId('ops-content-save'));
    expect(await within(form).findByTestId('ops-content-saved')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/v1/content/legal/Disclaimer/ko_KR', { body: '# 면책' }, { quiet: true });
  });

  it('lists a download per system, with add, edit and delete for support only', async () => {
    serve(['read', 'content']);
    renderAt('/content?tab=apps');
    const table = await screen.findByTestId('ops-content-apps');
    expect(within(table).getByText('2.0.0')).toBeTruthy();
    expect(within(table).getByTestId('ops-content-app-edit-windows').textContent).toBe('Add');
    expect(within(table).queryByTestId('ops-content-app-delete-windows')).toBeNull();
    expect(within(table).getByTestId('ops-content-app-delete-android')).toBeTruthy();
  });

  it('shows downloads to a viewer without actions', async () => {
    serve(['read']);
    renderAt('/content?tab=apps');
    const table = await screen.findByTestId('ops-content-apps');
    expect(within(table).getByText('2.0.0')).toBeTruthy();
    expect(within(table).queryByTestId('ops-content-app-edit-android')).toBeNull();
  });

  it('lets support delete an article after confirming, and goes back to its list', async () => {
    serve(['read', 'content']);
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue({ deleted: true } as never);
    const router = renderAt('/content/announcement/5');
    fireEvent.click(await screen.findByTestId('ops-content-delete'));
    const modal = await screen.findByTestId('ops-content-delete-modal');
    expect(modal.textContent).toContain('deleted for good');
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(modal).getByTestId('ops-content-delete-modal-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content'));
    expect(router.state.location.search).toBe('?tab=announcement');
    expect(post).toHaveBeenCalledWith('/v1/content/articles/announcement/5/delete', {}, { quiet: true });
  });

  it('offers no delete to a viewer', async () => {
    serve(['read']);
    renderAt('/content/announcement/5');
    expect(await screen.findByTestId('ops-content-preview')).toBeTruthy();
    expect(screen.queryByTestId('ops-content-delete')).toBeNull();
  });
});
