import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { opsClient } from '../api';
import { previewFor, useDeleteArticle, useDeleteRelease, useLegal, useLegalEditor, usePublish, useReleaseEditor, useTranslationEditor } from './hooks';
import { articleView, hookWrapper as wrapper, submitted } from '../testing';
import type { LegalView } from './models';

const refusal = (key: string, msg: string) => new ApiError('code', msg, 3, { error: key });

const view = articleView;

describe('useTranslationEditor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('creates a draft from the first language, the rules checked first, and tells the new id', async () => {
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue(view({ id: 12, translations: [{ lang: 'zh_CN', title: '维护', body: '今晚', preview: { html: '<p>今晚</p>', summary: '今晚' } }] }));
    const created = vi.fn();
    const { result } = renderHook(() => useTranslationEditor('notice', undefined, 'zh_CN', created), { wrapper: wrapper() });
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.errors).toEqual({ title: 'errors.titleRequired', body: 'errors.bodyRequired' });
    expect(post).not.toHaveBeenCalled();

    act(() => {
      result.current.set('title', ' 维护 ');
      result.current.set('body', '今晚');
    });
    expect(await submitted(() => result.current.submit())).toBe(true);
    expect(post).toHaveBeenCalledWith('/v1/content/articles/notice', { lang: 'zh_CN', title: '维护', body: '今晚' }, { quiet: true });
    expect(created).toHaveBeenCalledWith(12);
  });

  it('sends only the changed body of a translation, says so when nothing changed, and shows a refusal', async () => {
    const post = vi
      .spyOn(opsClient, 'post')
      .mockRejectedValueOnce(refusal('opscontent.refused', 'The body is 200000 bytes; at most 102400.'))
      .mockResolvedValueOnce(view());
    const { result } = renderHook(() => useTranslationEditor('notice', view(), 'en_US'), { wrapper: wrapper() });
    expect(result.current.form).toEqual({ title: 'Maintenance', body: '# Tonight' });
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.errors.form).toBe('errors.unchanged');

    act(() => result.current.set('body', '# Tonight at 02:00'));
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.refusal).toBe('The body is 200000 bytes; at most 102400.');
    expect(await submitted(() => result.current.submit())).toBe(true);
    expect(post).toHaveBeenLastCalledWith('/v1/content/articles/notice/9', { lang: 'en_US', body: '# Tonight at 02:00' }, { quiet: true });
    expect(result.current.refusal).toBe('');
    expect(result.current.done).toBe(true);
  });

  it('shows the saved preview for the saved text, and the server`s preview of what is typed', async () => {
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue({ html: '<h1>Soon</h1>', summary: 'Soon' });
    const { result } = renderHook(() => useTranslationEditor('notice', view(), 'en_US'), { wrapper: wrapper() });
    expect(result.current.shown).toEqual({ preview: { html: '<h1>Tonight</h1>', summary: 'Tonight' }, stale: false });
    act(() => result.current.set('body', '# Soon'));
    // The saved rendering stays, marked out of date, until Preview is pressed.
    expect(result.current.shown).toEqual({ preview: { html: '<h1>Tonight</h1>', summary: 'Tonight' }, stale: true });
    await act(async () => {
      await result.current.preview.run('# Soon');
    });
    expect(post).toHaveBeenCalledWith('/v1/content/preview', { body: '# Soon' }, { quiet: true });
    expect(result.current.shown).toEqual({ preview: { html: '<h1>Soon</h1>', summary: 'Soon' }, stale: false });
    act(() => result.current.set('body', '# Sooner'));
    expect(result.current.shown.stale).toBe(true);
  });
});

describe('useTranslationEditor: a newer saved text', () => {
  it('refreshes an untouched form and keeps one being edited', () => {
    const first = view();
    const newer = view({ translations: [{ ...first.translations[0], body: '# Tonight, 02:00' }] });
    const { result, rerender } = renderHook(({ a }) => useTranslationEditor('notice', a, 'en_US'), { wrapper: wrapper(), initialProps: { a: first } });
    rerender({ a: newer });
    expect(result.current.form.body).toBe('# Tonight, 02:00');

    act(() => result.current.set('body', 'my edit'));
    rerender({ a: view({ translations: [{ ...first.translations[0], body: '# Someone else' }] }) });
    expect(result.current.form.body).toBe('my edit');
  });
});

describe('previewFor', () => {
  const saved = { body: 'a', preview: { html: '<p>a</p>', summary: 'a' } };
  it('is the saved preview for the saved text, else a draft of this text, else the latest one marked stale', () => {
    expect(previewFor('a', saved, null)).toEqual({ preview: saved.preview, stale: false });
    expect(previewFor('b', undefined, null)).toEqual({ preview: null, stale: false });
    expect(previewFor('b', saved, null)).toEqual({ preview: saved.preview, stale: true });
    const draft = { source: 'b', preview: { html: '<p>b</p>', summary: 'b' } };
    expect(previewFor('b', saved, draft)).toEqual({ preview: draft.preview, stale: false });
    expect(previewFor('c', saved, draft)).toEqual({ preview: draft.preview, stale: true });
  });
});

describe('legal documents', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a document that is not written yet as none, and other errors as errors', async () => {
    vi.spyOn(opsClient, 'get').mockRejectedValueOnce(refusal('opscontent.notFound', 'Not found.'));
    const { result } = renderHook(() => useLegal('Disclaimer', 'ko_KR'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });

  it('saves the Markdown only when it changed and is not blank', async () => {
    const doc: LegalView = { type: 'Disclaimer', lang: 'en_US', title: 'Disclaimer', body: '# Disclaimer', updatedAt: 1, preview: { html: '', summary: '' }, url: '/legal/Disclaimer/en_US' };
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue({ ...doc, body: '# Disclaimer\n\nNew.' });
    const { result } = renderHook(() => useLegalEditor('Disclaimer', 'en_US', doc), { wrapper: wrapper() });
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.error).toBe('errors.unchanged');
    act(() => result.current.setBody('   '));
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.error).toBe('errors.legalRequired');
    act(() => result.current.setBody('# Disclaimer\n\nNew.'));
    expect(await submitted(() => result.current.submit())).toBe(true);
    expect(post).toHaveBeenCalledWith('/v1/content/legal/Disclaimer/en_US', { body: '# Disclaimer\n\nNew.' }, { quiet: true });
  });
});

describe('app downloads and actions with an optional reason', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks a download before saving it', async () => {
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue({});
    const saved = vi.fn();
    const { result } = renderHook(() => useReleaseEditor('android', undefined, saved), { wrapper: wrapper() });
    act(() => result.current.set('url', 'ftp://x'));
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.errors).toEqual({ version: 'errors.versionRequired', url: 'errors.badUrl' });
    act(() => {
      result.current.set('version', ' 2.1.0 ');
      result.current.set('url', ' https://cdn.example.com/u.apk ');
    });
    expect(await submitted(() => result.current.submit())).toBe(true);
    expect(post).toHaveBeenCalledWith('/v1/content/apps/android', { version: '2.1.0', url: 'https://cdn.example.com/u.apk', notes: '' }, { quiet: true });
    expect(saved).toHaveBeenCalled();
  });

  it('publishes without a reason and deletes a download with one', async () => {
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue({});
    const publish = renderHook(() => usePublish('faq', 4, true), { wrapper: wrapper() }).result;
    expect(await submitted(() => publish.current.submit())).toBe(true);
    expect(post).toHaveBeenCalledWith('/v1/content/articles/faq/4/publish', {}, { quiet: true });

    const del = renderHook(() => useDeleteRelease('ios'), { wrapper: wrapper() }).result;
    act(() => del.current.setReason(' withdrawn from the store '));
    expect(await submitted(() => del.current.submit())).toBe(true);
    expect(post).toHaveBeenLastCalledWith('/v1/content/apps/ios/delete', { reason: 'withdrawn from the store' }, { quiet: true });
  });

  it('deletes an article for good, its reason optional, and then leaves its page', async () => {
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue({ deleted: true });
    const left = vi.fn();
    const { result } = renderHook(() => useDeleteArticle('faq', 4, left), { wrapper: wrapper() });
    act(() => result.current.setReason('r'.repeat(201)));
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.errors.reason).toBe('form.reasonTooLong');
    expect(post).not.toHaveBeenCalled();

    act(() => result.current.setReason(' duplicate of #3 '));
    expect(await submitted(() => result.current.submit())).toBe(true);
    expect(post).toHaveBeenCalledWith('/v1/content/articles/faq/4/delete', { reason: 'duplicate of #3' }, { quiet: true });
    expect(left).toHaveBeenCalledOnce();

    act(() => result.current.setReason(''));
    expect(await submitted(() => result.current.submit())).toBe(true);
    expect(post).toHaveBeenLastCalledWith('/v1/content/articles/faq/4/delete', {}, { quiet: true });
  });
});
