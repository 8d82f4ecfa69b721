// The content calls (docs/operations.md "Content") through the console's client
// (features/ops/api.ts): its session and its answer to "sign in again". All quiet: the
// pages show a refusal beside what was refused.
import { opsClient } from '../api';
import type { Article, ArticleKind, ArticleView, LegalDocument, LegalView, Preview, Release, ReleaseForm, TranslationEdit } from './models';

const read = <T,>(path: string) => opsClient.get<T>(path, undefined, { quiet: true });
const write = <T,>(path: string, body: unknown) => opsClient.post<T>(path, body, { quiet: true });
const seg = encodeURIComponent;
const reasonBody = (reason: string) => (reason.trim() ? { reason: reason.trim() } : {});

export const contentApi = {
  articles: (kind: ArticleKind) => read<{ items: Article[]; languages: string[] }>(`/v1/content/articles/${seg(kind)}`),
  article: (kind: ArticleKind, id: number) => read<ArticleView>(`/v1/content/articles/${seg(kind)}/${id}`),
  /** createArticle makes a new draft with its first translation. */
  createArticle: (kind: ArticleKind, t: Required<TranslationEdit>) => write<ArticleView>(`/v1/content/articles/${seg(kind)}`, t),
  /** editArticle adds or replaces one translation (a new one needs the title and the body). */
  editArticle: (kind: ArticleKind, id: number, t: TranslationEdit) => write<ArticleView>(`/v1/content/articles/${seg(kind)}/${id}`, t),
  publish: (kind: ArticleKind, id: number, on: boolean, reason: string) =>
    write<ArticleView>(`/v1/content/articles/${seg(kind)}/${id}/${on ? 'publish' : 'unpublish'}`, reasonBody(reason)),
  /** deleteArticle removes an article and its translations for good (unpublish hides it and keeps it). */
  deleteArticle: (kind: ArticleKind, id: number, reason: string) =>
    write<{ deleted: boolean }>(`/v1/content/articles/${seg(kind)}/${id}/delete`, reasonBody(reason)),
  /** sort places an FAQ entry. */
  sort: (id: number, sortOrder: number) => write<ArticleView>(`/v1/content/articles/faq/${id}/sort`, { sortOrder }),

  legalList: () => read<{ items: LegalDocument[]; types: string[]; languages: string[] }>('/v1/content/legal'),
  legal: (type: string, lang: string) => read<LegalView>(`/v1/content/legal/${seg(type)}/${seg(lang)}`),
  setLegal: (type: string, lang: string, body: string) => write<LegalView>(`/v1/content/legal/${seg(type)}/${seg(lang)}`, { body }),

  apps: () => read<{ items: Release[] | null; operatingSystems: string[] }>('/v1/content/apps'),
  setApp: (os: string, r: ReleaseForm) => write<Release>(`/v1/content/apps/${seg(os)}`, { version: r.version.trim(), url: r.url.trim(), notes: r.notes }),
  deleteApp: (os: string, reason: string) => write<{ deleted: boolean }>(`/v1/content/apps/${seg(os)}/delete`, reasonBody(reason)),

  /** preview renders unsaved Markdown as the public pages would (the content right). */
  preview: (body: string) => write<Preview>('/v1/content/preview', { body }),
};
