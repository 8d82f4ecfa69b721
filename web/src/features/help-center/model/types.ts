import type { HelpKind } from '@/config/paths';

export type { HelpKind };

/** HelpRow is one article in a list (docs/architecture.md "Help centre"). */
export interface HelpRow {
  id: number;
  title: string;
  /** summary is plain text: show it as text, never as HTML. */
  summary: string;
  /** publishedAt is Unix milliseconds. */
  publishedAt: number;
  /** lang is the language the row is served in (a fallback when the reader's is missing). */
  lang: string;
  /** read is the reader's read mark; notices only. */
  read?: boolean;
}

/** HelpListPage is one page of a list. */
export interface HelpListPage {
  total: number;
  page: number;
  pageSize: number;
  rows: HelpRow[];
}

/** HelpDetail is one article with its body as sanitised HTML and its neighbours in list order. */
export interface HelpDetail {
  id: number;
  title: string;
  /** html was rendered from Markdown and sanitised by the server. */
  html: string;
  publishedAt: number;
  lang: string;
  prevId: number | null;
  nextId: number | null;
}

/** NoticeUnread is the reader's count of unopened notices. */
export interface NoticeUnread {
  unReadCount: number;
}
