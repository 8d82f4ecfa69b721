// The console's content area (docs/operations.md "Content"): help centre articles
// (announcements, FAQ entries, notices), legal documents and app downloads, each in the
// site's languages, with the preview the server renders. The rules here are those of
// helpcenter.ValidateTranslation, content.SetLegal and content.ValidateRelease, checked
// before a call so most mistakes are named at once; the server checks them all again.
import { LANGS, type Lang } from '@/lib/language';

export const ARTICLE_KINDS = ['announcement', 'faq', 'notice'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** isArticleKind tells whether a path segment names an article kind. */
export function isArticleKind(s: string | undefined): s is ArticleKind {
  return !!s && (ARTICLE_KINDS as readonly string[]).includes(s);
}

export interface Translation {
  lang: string;
  title: string;
  body: string;
}

export interface Article {
  id: number;
  kind: ArticleKind;
  status: 'draft' | 'published';
  sortOrder: number;
  publishedAt: number;
  createdAt: number;
  updatedAt: number;
  translations: Translation[];
}

/** Preview is what the public page shows: the server's sanitised HTML and the list row's summary. */
export interface Preview {
  html: string;
  summary: string;
}

export interface ArticleView extends Omit<Article, 'translations'> {
  translations: (Translation & { preview: Preview })[];
  missingLanguages: string[];
}

export interface LegalDocument {
  type: string;
  lang: string;
  title: string;
  body?: string;
  updatedAt: number;
}

export interface LegalView extends LegalDocument {
  preview: Preview;
  url: string;
}

export interface Release {
  operateSystem: string;
  version: string;
  url: string;
  notes: string;
  updatedAt: number;
}

/** Limits of the content functions. */
export const MAX_TITLE = 120; // characters
export const MAX_BODY = 100 << 10; // bytes of Markdown
export const MAX_LEGAL = 1 << 20; // bytes
export const MAX_REASON = 200; // characters (account.CheckAdminReason)
export const MAX_SORT = 1_000_000;

/** The languages an article's translation falls back to on the public pages. */
const FALLBACK: readonly string[] = ['zh_HK', 'en_US'];

const runes = (s: string) => [...s].length;
const bytes = (s: string) => new TextEncoder().encode(s).length;

/** ContentErrors name each field's problem as a key of the content texts. */
export type ContentErrors = Partial<Record<'title' | 'body' | 'version' | 'url' | 'reason' | 'sortOrder' | 'form', string>>;

/** TranslationForm is one language's title and Markdown as typed. */
export interface TranslationForm {
  title: string;
  body: string;
}

/** translationIn is the saved translation of lang, or none. */
export function translationIn<T extends Translation>(a: { translations: T[] } | undefined, lang: string): T | undefined {
  return a?.translations.find((t) => t.lang === lang);
}

/** titleOf is an article's title for a list: the language asked, else the public pages' fallback. */
export function titleOf(a: Pick<Article, 'translations'>, lang: string): { title: string; lang: string } {
  for (const l of [lang, ...FALLBACK]) {
    const t = translationIn(a, l);
    if (t) return { title: t.title, lang: l };
  }
  const first = a.translations[0];
  return first ? { title: first.title, lang: first.lang } : { title: '', lang: '' };
}

/** languagesOf tells which of the site's languages an article has. */
export function languagesOf(a: Pick<Article, 'translations'>): Record<Lang, boolean> {
  const out = {} as Record<Lang, boolean>;
  for (const l of LANGS) out[l] = !!translationIn(a, l);
  return out;
}

/**
 * validateTranslation checks a translation as helpcenter.ValidateTranslation does: a
 * title of 1-120 characters and a body not blank and at most 100 KB.
 */
export function validateTranslation(f: TranslationForm): ContentErrors {
  const e: ContentErrors = {};
  const n = runes(f.title.trim());
  if (n === 0) e.title = 'errors.titleRequired';
  else if (n > MAX_TITLE) e.title = 'errors.titleTooLong';
  if (f.body.trim() === '') e.body = 'errors.bodyRequired';
  else if (bytes(f.body) > MAX_BODY) e.body = 'errors.bodyTooLong';
  return e;
}

/** TranslationEdit is the body of a translation's change: the fields given change. */
export interface TranslationEdit {
  lang: string;
  title?: string;
  body?: string;
}

/**
 * translationEditOf is what to send for one language: a new translation needs both
 * fields; an existing one sends what changed. null: nothing changed.
 */
export function translationEditOf(lang: string, f: TranslationForm, saved: Translation | undefined): TranslationEdit | null {
  const title = f.title.trim();
  if (!saved) return { lang, title, body: f.body };
  const out: TranslationEdit = { lang };
  if (title !== saved.title) out.title = title;
  if (f.body !== saved.body) out.body = f.body;
  return out.title === undefined && out.body === undefined ? null : out;
}

/** validateLegal checks a legal document as content.SetLegal does: not blank, at most 1 MB. */
export function validateLegal(body: string): ContentErrors {
  if (body.trim() === '') return { body: 'errors.legalRequired' };
  if (bytes(body) > MAX_LEGAL) return { body: 'errors.legalTooLong' };
  return {};
}

/** webUrl tells whether a download address is http(s) with a host, or a path of the site. */
export function webUrl(s: string): boolean {
  const v = s.trim();
  if (v.startsWith('/')) return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '';
  } catch {
    return false;
  }
}

export interface ReleaseForm {
  version: string;
  url: string;
  notes: string;
}

/** validateRelease checks an app download as content.ValidateRelease does. */
export function validateRelease(f: ReleaseForm): ContentErrors {
  const e: ContentErrors = {};
  if (f.version.trim() === '') e.version = 'errors.versionRequired';
  if (!webUrl(f.url)) e.url = 'errors.badUrl';
  return e;
}

/** validateOptionalReason: a reason may be left out; one given follows an operator reason's rules. */
export function validateOptionalReason(reason: string): ContentErrors {
  return runes(reason.trim()) > MAX_REASON ? { reason: 'errors.reasonTooLong' } : {};
}

/** validateSortOrder checks an FAQ entry's place: a whole number within ±1,000,000. */
export function validateSortOrder(s: string): ContentErrors {
  const v = s.trim();
  if (!/^-?\d+$/.test(v) || Math.abs(Number(v)) > MAX_SORT) return { sortOrder: 'errors.sortOrder' };
  return {};
}

/** canWriteContent tells whether the operator holds the content right (support, owner); others read. */
export function canWriteContent(me: { permissions: string[] } | undefined): boolean {
  return !!me && me.permissions.includes('content');
}

/** The content page's tabs: the three article kinds, legal documents, app downloads. */
export const CONTENT_TABS = [...ARTICLE_KINDS, 'legal', 'apps'] as const;
export type ContentTab = (typeof CONTENT_TABS)[number];

/** tabOf reads the tab from the address (?tab=), announcements when none or unknown. */
export function tabOf(s: string | null): ContentTab {
  return (CONTENT_TABS as readonly string[]).includes(s ?? '') ? (s as ContentTab) : 'announcement';
}

/** CONTENT_NAV is the console menu's entry for the content page; every role reads it. */
export const CONTENT_NAV = { key: 'content', path: '/content', perm: 'read' } as const;
