import type { HelpKind } from '../model/types';

/**
 * helpKeys are the cache keys of the help centre. Content is served in the
 * reader's language, and notices carry the reader's read marks, so both are in
 * the key: a language switch or another account never sees the other's copy.
 */
export const helpKeys = {
  all: ['help-center'] as const,
  kind: (kind: HelpKind) => [...helpKeys.all, kind] as const,
  lists: (kind: HelpKind) => [...helpKeys.kind(kind), 'list'] as const,
  details: (kind: HelpKind) => [...helpKeys.kind(kind), 'detail'] as const,
  unread: () => [...helpKeys.kind('notice'), 'unread'] as const,
};

/** reader names who reads: the language, and for notices the account. */
export interface Reader {
  lang: string;
  /** account tells accounts apart (uid or id; '' for a visitor). */
  account?: string;
}
