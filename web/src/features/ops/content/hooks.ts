// The content pages' state: the lists, one article with its translations, a language's
// editor (title and Markdown, checked before the call, the server's preview of unsaved
// text), the legal documents, the app downloads, and the actions that take an optional
// reason (publish, unpublish, delete a download) through the console's action modal.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { opsKeys, useOpsAction } from '../hooks';
import { errorKeyOf } from '../models';
import { contentApi } from './api';
import {
  translationEditOf,
  translationIn,
  validateLegal,
  validateRelease,
  validateSortOrder,
  validateTranslation,
  type ArticleKind,
  type ArticleView,
  type ContentErrors,
  type LegalView,
  type Preview,
  type Release,
  type ReleaseForm,
  type TranslationForm,
} from './models';

/** contentKeys sit under the console's root key, so sign-out drops them with the rest. */
export const contentKeys = {
  articles: (kind: ArticleKind) => opsKeys.list('content-articles', kind),
  article: (kind: ArticleKind, id: number) => opsKeys.one('content-article', `${kind}/${id}`),
  legalList: opsKeys.list('content-legal', {}),
  legal: (type: string, lang: string) => opsKeys.one('content-legal', `${type}/${lang}`),
  apps: opsKeys.list('content-apps', {}),
};

export function useArticles(kind: ArticleKind) {
  return useQuery({ queryKey: contentKeys.articles(kind), queryFn: () => contentApi.articles(kind) });
}

/** useArticle reads one article with each translation's preview; id 0 is a new one (no call). */
export function useArticle(kind: ArticleKind, id: number) {
  return useQuery({ queryKey: contentKeys.article(kind, id), queryFn: () => contentApi.article(kind, id), enabled: id > 0 });
}

/**
 * DraftPreview is the server's rendering of text as typed: it belongs to the text it was
 * made from, so a later edit shows it as out of date rather than as the text's preview.
 */
export interface DraftPreview {
  source: string;
  preview: Preview;
}

/** useDraftPreview asks the server how unsaved Markdown would show (POST content/preview). */
export function useDraftPreview() {
  const [draft, setDraft] = useState<DraftPreview | null>(null);
  const [error, setError] = useState('');
  const mutation = useMutation({ mutationFn: contentApi.preview });
  return {
    draft,
    error,
    busy: mutation.isPending,
    run: async (body: string) => {
      setError('');
      try {
        setDraft({ source: body, preview: await mutation.mutateAsync(body) });
      } catch (err) {
        setError(errorMessage(err));
      }
    },
    clear: () => setDraft(null),
  };
}

/** previewFor picks what to show for body: the saved preview when it is the saved text, a draft made from this very text, else the latest rendering marked stale. */
export function previewFor(body: string, saved: { body: string; preview: Preview } | undefined, draft: DraftPreview | null): { preview: Preview | null; stale: boolean } {
  if (saved && saved.body === body) return { preview: saved.preview, stale: false };
  if (draft && draft.source === body) return { preview: draft.preview, stale: false };
  // An older rendering stays in view, marked out of date, until Preview is pressed again.
  const older = draft?.preview ?? saved?.preview ?? null;
  return { preview: older, stale: !!older };
}

const formOf = (t: { title: string; body: string } | undefined): TranslationForm => ({ title: t?.title ?? '', body: t?.body ?? '' });

/**
 * useTranslationEditor edits one language of an article (or the first language of a new
 * one): save creates the draft (onCreated gets its id) or adds or replaces the
 * translation, sending only what changed; the server's refusal shows in place.
 */
export function useTranslationEditor(kind: ArticleKind, article: ArticleView | undefined, lang: string, onCreated?: (id: number) => void) {
  const client = useQueryClient();
  const saved = translationIn(article, lang);
  const [form, setForm] = useState<TranslationForm>(() => formOf(saved));
  const [savedAt, setSavedAt] = useState<TranslationForm>(() => formOf(saved));
  const [errors, setErrors] = useState<ContentErrors>({});
  const [refusal, setRefusal] = useState('');
  const [done, setDone] = useState(false);
  const preview = useDraftPreview();
  // A newer text of this language (saved in another tab or by someone else) refreshes an
  // untouched form; edits in progress are kept.
  const now = formOf(saved);
  if (now.title !== savedAt.title || now.body !== savedAt.body) {
    setSavedAt(now);
    if (form.title === savedAt.title && form.body === savedAt.body) setForm(now);
  }
  const edit = translationEditOf(lang, form, saved);
  const mutation = useMutation({
    mutationFn: async (): Promise<ArticleView> => {
      if (!article) return contentApi.createArticle(kind, { lang, title: form.title.trim(), body: form.body });
      return contentApi.editArticle(kind, article.id, edit!);
    },
  });

  const set = (field: keyof TranslationForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
    setDone(false);
  };

  const submit = async (): Promise<boolean> => {
    setRefusal('');
    setDone(false);
    const found = validateTranslation(form);
    if (Object.keys(found).length === 0 && !edit) found.form = 'errors.unchanged';
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      const view = await mutation.mutateAsync();
      client.setQueryData(contentKeys.article(kind, view.id), view);
      await client.invalidateQueries({ queryKey: contentKeys.articles(kind) });
      setForm(formOf(translationIn(view, lang)));
      setDone(true);
      if (!article) onCreated?.(view.id);
      return true;
    } catch (err) {
      setRefusal(errorMessage(err));
      return false;
    }
  };

  return {
    lang,
    saved,
    form,
    set,
    errors,
    refusal,
    done,
    dirty: !!edit && (!!saved || form.title !== '' || form.body !== ''),
    busy: mutation.isPending,
    submit,
    reset: () => {
      setForm(formOf(saved));
      setErrors({});
      setRefusal('');
    },
    preview,
    shown: previewFor(form.body, saved, preview.draft),
  };
}

export type TranslationEditor = ReturnType<typeof useTranslationEditor>;

/**
 * usePublish is the publish or unpublish action of an article, its reason optional, in the
 * console's action modal.
 */
export function usePublish(kind: ArticleKind, id: number, on: boolean) {
  return useOpsAction({ reasonRequired: false, needsCode: false }, (reason) => contentApi.publish(kind, id, on, reason));
}

/**
 * useDeleteArticle deletes an article for good, its reason optional, in the console's
 * action modal; onDeleted leaves its page. The article drops out of the cache first, so
 * the refresh after the action does not ask for it again.
 */
export function useDeleteArticle(kind: ArticleKind, id: number, onDeleted: () => void) {
  const client = useQueryClient();
  return useOpsAction(
    { reasonRequired: false, needsCode: false },
    async (reason) => {
      await contentApi.deleteArticle(kind, id, reason);
      client.removeQueries({ queryKey: contentKeys.article(kind, id), exact: true });
    },
    onDeleted,
  );
}

/** useSortOrder places an FAQ entry. */
export function useSortOrder(kind: ArticleKind, id: number, current: number) {
  const client = useQueryClient();
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState('');
  const mutation = useMutation({ mutationFn: (n: number) => contentApi.sort(id, n) });
  return {
    value,
    setValue: (v: string) => {
      setValue(v);
      setError('');
    },
    error,
    busy: mutation.isPending,
    changed: value.trim() !== String(current),
    submit: async (): Promise<boolean> => {
      const found = validateSortOrder(value);
      if (found.sortOrder) {
        setError(found.sortOrder);
        return false;
      }
      try {
        const view = await mutation.mutateAsync(Number(value.trim()));
        client.setQueryData(contentKeys.article(kind, id), view);
        await client.invalidateQueries({ queryKey: contentKeys.articles(kind) });
        return true;
      } catch (err) {
        setError(errorMessage(err));
        return false;
      }
    },
  };
}

export function useLegalList() {
  return useQuery({ queryKey: contentKeys.legalList, queryFn: contentApi.legalList });
}

/** useLegal reads one document in one language; null when there is none yet (404 opscontent.notFound). */
export function useLegal(type: string, lang: string) {
  return useQuery({
    queryKey: contentKeys.legal(type, lang),
    queryFn: async (): Promise<LegalView | null> => {
      try {
        return await contentApi.legal(type, lang);
      } catch (err) {
        if (errorKeyOf(err) === 'opscontent.notFound') return null;
        throw err;
      }
    },
  });
}

/** useLegalEditor edits one legal document's Markdown in one language (the title is its first heading). */
export function useLegalEditor(type: string, lang: string, doc: LegalView | null) {
  const client = useQueryClient();
  const savedBody = doc?.body ?? '';
  const [body, setBody] = useState(savedBody);
  const [savedAt, setSavedAt] = useState(savedBody);
  const [error, setError] = useState('');
  const [refusal, setRefusal] = useState('');
  const [done, setDone] = useState(false);
  const preview = useDraftPreview();
  if (savedBody !== savedAt) {
    setSavedAt(savedBody);
    if (body === savedAt) setBody(savedBody);
  }
  const mutation = useMutation({ mutationFn: (b: string) => contentApi.setLegal(type, lang, b) });
  return {
    body,
    setBody: (b: string) => {
      setBody(b);
      setError('');
      setDone(false);
    },
    error,
    refusal,
    done,
    dirty: body !== savedBody,
    busy: mutation.isPending,
    preview,
    shown: previewFor(body, doc ? { body: savedBody, preview: doc.preview } : undefined, preview.draft),
    reset: () => {
      setBody(savedBody);
      setError('');
      setRefusal('');
    },
    submit: async (): Promise<boolean> => {
      setRefusal('');
      setDone(false);
      const found = validateLegal(body);
      if (!found.body && body === savedBody) found.form = 'errors.unchanged';
      setError(found.body ?? found.form ?? '');
      if (found.body || found.form) return false;
      try {
        const view = await mutation.mutateAsync(body);
        client.setQueryData(contentKeys.legal(type, lang), view);
        await client.invalidateQueries({ queryKey: contentKeys.legalList });
        setDone(true);
        return true;
      } catch (err) {
        setRefusal(errorMessage(err));
        return false;
      }
    },
  };
}

export type LegalEditor = ReturnType<typeof useLegalEditor>;

export function useApps() {
  return useQuery({ queryKey: contentKeys.apps, queryFn: contentApi.apps });
}

/** useReleaseEditor sets one operating system's download (a new one or a replacement). */
export function useReleaseEditor(os: string, release: Release | undefined, onSaved?: () => void) {
  const client = useQueryClient();
  const [form, setForm] = useState<ReleaseForm>({ version: release?.version ?? '', url: release?.url ?? '', notes: release?.notes ?? '' });
  const [errors, setErrors] = useState<ContentErrors>({});
  const [refusal, setRefusal] = useState('');
  const mutation = useMutation({ mutationFn: (f: ReleaseForm) => contentApi.setApp(os, f) });
  return {
    os,
    form,
    set: (field: keyof ReleaseForm, value: string) => {
      setForm((f) => ({ ...f, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    errors,
    refusal,
    busy: mutation.isPending,
    submit: async (): Promise<boolean> => {
      setRefusal('');
      const found = validateRelease(form);
      setErrors(found);
      if (Object.keys(found).length > 0) return false;
      try {
        await mutation.mutateAsync(form);
        await client.invalidateQueries({ queryKey: contentKeys.apps });
        onSaved?.();
        return true;
      } catch (err) {
        setRefusal(errorMessage(err));
        return false;
      }
    },
  };
}

export type ReleaseEditor = ReturnType<typeof useReleaseEditor>;

/** useDeleteRelease withdraws a download, its reason optional, in the console's action modal. */
export function useDeleteRelease(os: string) {
  return useOpsAction({ reasonRequired: false, needsCode: false }, (reason) => contentApi.deleteApp(os, reason));
}
