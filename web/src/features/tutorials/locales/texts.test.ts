// The tutorial texts beyond what src/locales/locales.test.ts checks for every feature:
// markup tags, figures, and that every key the articles use exists.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@/lib/language';
import { RICH_TAGS } from '../components/rich';
import { GROUPS, TUTORIALS } from '../model/catalog';

type Tree = { [key: string]: string | Tree };
const here = dirname(fileURLToPath(import.meta.url));
const flat = (tree: Tree, prefix = '', out = new Map<string, string>()) => {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flat(v, key, out);
  }
  return out;
};
const texts = Object.fromEntries(LANGS.map((lang) => [lang, flat(JSON.parse(readFileSync(join(here, `${lang}.json`), 'utf8')) as Tree)]));
const en = texts.en_US!;

const tags = (s: string) => [...s.matchAll(/<\/?([A-Za-z][\w-]*)>/g)].map((m) => m[0]).sort();
const figures = (s: string) => [...s.replace(/\{\{\s*\w+\s*\}\}/g, '').matchAll(/\d+(?:\.\d+)?/g)].map((m) => m[0]).sort();

describe('tutorial texts', () => {
  it.each(LANGS)('%s uses only known tags, each opened and closed, the same as English', (lang) => {
    const wrong: string[] = [];
    for (const [key, value] of texts[lang]!) {
      const open = [...value.matchAll(/<([A-Za-z][\w-]*)>/g)].map((m) => m[1]!);
      const close = [...value.matchAll(/<\/([A-Za-z][\w-]*)>/g)].map((m) => m[1]!);
      if (open.some((t) => !RICH_TAGS.includes(t))) wrong.push(`${key}: unknown tag`);
      if (open.sort().join() !== close.sort().join()) wrong.push(`${key}: unbalanced tags`);
      if (tags(value).join() !== tags(en.get(key) ?? '').join()) wrong.push(`${key}: tags differ from en_US`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(LANGS)('%s states the same figures as English (minutes, sizes, limits)', (lang) => {
    const wrong = [...texts[lang]!].filter(([key, value]) => figures(value).join() !== figures(en.get(key) ?? '').join()).map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('keep addresses and commands out of the texts', () => {
    const wrong = LANGS.flatMap((lang) => [...texts[lang]!].filter(([, v]) => /stratum\+|https?:\/\/|\/api\/|sudo |chmod /.test(v)).map(([k]) => `${lang}:${k}`));
    expect(wrong).toEqual([]);
  });

  it('have every key the articles and parts name', () => {
    const dirs = ['../content', '../components'].map((d) => join(here, d));
    const files = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.tsx')).map((f) => readFileSync(join(d, f), 'utf8')));
    files.push(readFileSync(join(here, '../desktop.tsx'), 'utf8'), readFileSync(join(here, '../mobile.tsx'), 'utf8'));
    const tops = new Set([...en.keys()].map((k) => k.split('.')[0]!));
    const used = new Set<string>();
    for (const src of files) {
      for (const m of src.matchAll(/['"]([A-Za-z]+(?:\.[A-Za-z0-9]+)+)['"]/g)) {
        if (tops.has(m[1]!.split('.')[0]!)) used.add(m[1]!);
      }
    }
    // A Step names its keys' prefix: its heading k.title and, unless body={false}, its paragraph k.body.
    for (const src of files) {
      for (const m of src.matchAll(/<Step k="([\w.]+)"( body=\{false\})?/g)) {
        used.delete(m[1]!);
        used.add(`${m[1]}.title`);
        if (!m[2]) used.add(`${m[1]}.body`);
      }
    }
    // Keys built at run time.
    for (const t of TUTORIALS) used.add(`${t.id}.lead`);
    for (const g of GROUPS) used.add(`nav.groups.${g}`);
    for (const tone of ['tip', 'warning', 'note']) used.add(`callout.${tone}`);
    for (const p of ['codeRequired', 'codeInvalid', 'suffixRequired', 'suffixTooLong', 'suffixInvalid']) used.add(`worker.errors.${p}`);
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !en.has(k))).toEqual([]);
    // And nothing in the files is left unused.
    expect([...en.keys()].filter((k) => !used.has(k))).toEqual([]);
  });
});
