// What the help addresses carry: a section (desktop path, mobile ?type=) and an article id.
import { HELP_KINDS, type HelpKind, type HelpListType } from '@/config/paths';
import { htmlLang, isLang } from '@/lib/language';

/** isHelpKind reports whether value names a help section. */
export function isHelpKind(value: unknown): value is HelpKind {
  return typeof value === 'string' && (HELP_KINDS as readonly string[]).includes(value);
}

/** MobileHelpType is the mobile ?type=: a help section, observer messages, or nothing usable. */
export type MobileHelpType = { kind: 'help'; type: HelpKind } | { kind: 'infoList' } | { kind: 'unknown'; raw: string };

/** parseHelpType reads the mobile list and detail ?type= (exact spelling, as in the published links). */
export function parseHelpType(raw: string | null): MobileHelpType {
  const value = (raw ?? '').trim();
  if (isHelpKind(value)) return { kind: 'help', type: value };
  if (value === ('infoList' satisfies HelpListType)) return { kind: 'infoList' };
  return { kind: 'unknown', raw: value };
}

/** parseArticleId reads an article id: a positive whole number, else null (shown as "not found" without a call). */
export function parseArticleId(raw: string | null | undefined): number | null {
  const value = (raw ?? '').trim();
  if (!/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** needsLogin reports whether a section belongs to an account (notices). */
export function needsLogin(type: HelpKind): boolean {
  return type === 'notice';
}

/** SECTION_ORDER is the order the help centre shows its sections in: public ones first. */
export const SECTION_ORDER: readonly HelpKind[] = ['announcement', 'faq', 'notice'];

/** listTitleKey and detailTitleKey are the app-wide page titles of a section (src/locales pages.*). */
export const listTitleKey = (kind: HelpKind) => `pages.${kind}List`;
export const detailTitleKey = (kind: HelpKind) => `pages.${kind}Detail`;

/** langTag gives the HTML lang of text served in lang (a fallback translation), or undefined for an unknown one. */
export function langTag(lang: string): string | undefined {
  return isLang(lang) ? htmlLang(lang) : undefined;
}
