import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GLOSSARY } from './glossary';

const web = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const repo = dirname(web);

/** jsonIn lists the locale files of a folder, or none when it has no such folder. */
const jsonIn = (d: string): string[] => (existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.json')).map((f) => join(d, f)) : []);
const subdirs = (d: string): string[] => readdirSync(d, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(d, e.name));

/** localeFiles: the app's, each feature's and each Go package's locale files (the server's messages show on the same screens). */
function localeFiles(): string[] {
  return [
    ...jsonIn(join(web, 'src/locales')),
    ...subdirs(join(web, 'src/features')).flatMap((d) => jsonIn(join(d, 'locales'))),
    ...subdirs(join(repo, 'internal')).flatMap((d) => jsonIn(join(d, 'locales'))),
  ].sort();
}

/** texts lists every string value with its key path. */
function texts(tree: unknown, prefix = '', out: [string, string][] = []): [string, string][] {
  if (typeof tree === 'string') out.push([prefix, tree]);
  else if (tree && typeof tree === 'object') for (const [k, v] of Object.entries(tree)) texts(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** plain drops the markup tags (<subAccounts>…</subAccounts>) that name links, not words. */
const plain = (s: string): string => s.replace(/<\/?[A-Za-z][\w-]*\s*\/?>/g, ' ');

const hits = (text: string, variant: string | RegExp): boolean =>
  typeof variant === 'string' ? text.includes(variant) : new RegExp(variant.source, variant.flags.replace('g', '')).test(text);

describe('glossary: one word per key term and language', () => {
  const files = localeFiles();

  it('finds the web and the server locale files', () => {
    expect(files.some((f) => f.includes('/internal/i18n/locales/'))).toBe(true);
    expect(files.some((f) => f.includes('/web/src/features/pool/locales/'))).toBe(true);
    expect(files.some((f) => f.endsWith('/web/src/locales/ko_KR.json'))).toBe(true);
  });

  it('the matcher catches a variant and lets the chosen word and link tags pass', () => {
    const ko = GLOSSARY.ko_KR.subAccount.forbidden;
    expect(ko.some((v) => hits(plain('이 서브 계정에'), v))).toBe(true);
    expect(ko.some((v) => hits(plain('이 하위 계정에'), v))).toBe(false);
    const en = GLOSSARY.en_US.subAccount.forbidden;
    expect(en.some((v) => hits(plain('Create a subaccount'), v))).toBe(true);
    expect(en.some((v) => hits(plain('open <subAccounts>Sub-accounts</subAccounts>; worker subaccount.rig'), v))).toBe(false);
  });

  for (const [lang, terms] of Object.entries(GLOSSARY)) {
    it(`${lang}: no forbidden variant in any locale text`, () => {
      const found: string[] = [];
      for (const file of files.filter((f) => f.endsWith(`/${lang}.json`))) {
        for (const [key, value] of texts(JSON.parse(readFileSync(file, 'utf8')))) {
          const text = plain(value);
          for (const [term, entry] of Object.entries(terms)) {
            for (const v of entry.forbidden) if (hits(text, v)) found.push(`${relative(repo, file)} ${key}: ${String(v)} (say "${entry.use}" for ${term})`);
          }
        }
      }
      expect(found).toEqual([]);
    });
  }
});
