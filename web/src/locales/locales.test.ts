import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@/lib/language';

type Tree = { [key: string]: string | Tree };

const dir = dirname(fileURLToPath(import.meta.url));
const src = dirname(dir);
const loadFrom = (d: string, lang: string): Tree => JSON.parse(readFileSync(join(d, `${lang}.json`), 'utf8')) as Tree;
const load = (lang: string): Tree => loadFrom(dir, lang);
const tryLoad = (d: string, lang: string): Tree => {
  try {
    return loadFrom(d, lang);
  } catch {
    return {};
  }
};

/** localeDirs finds every locales/ folder under src: the app's and each feature's own. */
function localeDirs(root: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const path = join(root, entry.name);
    if (entry.name === 'locales') out.push(path);
    else out.push(...localeDirs(path));
  }
  return out.sort();
}

/** leaves lists "a.b.c" for every string and reports anything that is not a non-empty string. */
function leaves(tree: Tree, prefix = '', problems: string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      if (value.trim() === '') problems.push(`${path} is empty`);
      out.set(path, value);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of leaves(value, path, problems)) out.set(k, v);
    } else {
      problems.push(`${path} is not a string or an object`);
    }
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function checkLocaleDir(d: string) {
  // A missing file reads as empty here and fails the first test by name.
  const texts = Object.fromEntries(LANGS.map((lang) => [lang, tryLoad(d, lang)])) as Record<string, Tree>;
  const all = new Set(LANGS.flatMap((lang) => [...leaves(texts[lang]!).keys()]));

  it('exist for every language and nothing else', () => {
    const files = readdirSync(d).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGS].sort());
  });

  it.each(LANGS)('%s has every key, each a non-empty string', (lang) => {
    const problems: string[] = [];
    const mine = leaves(texts[lang]!, '', problems);
    for (const key of all) if (!mine.has(key)) problems.push(`${key} is missing`);
    expect(problems).toEqual([]);
  });

  it.each(LANGS)('%s uses the same {{placeholders}} as en_US', (lang) => {
    const en = leaves(texts.en_US!);
    const mine = leaves(texts[lang]!);
    const wrong = [...en].filter(([key, value]) => mine.has(key) && placeholders(mine.get(key)!).join() !== placeholders(value).join());
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it('are really translated: Chinese and Korean texts are not English copies', () => {
    // Brand names and codes may stay the same; prose may not.
    const brandKeys = new Set(['app.name']);
    const en = [...leaves(texts.en_US!)].filter(([key]) => !brandKeys.has(key));
    for (const lang of ['zh_CN', 'zh_HK', 'ko_KR']) {
      const mine = leaves(texts[lang]!);
      const copied = en.filter(([key, value]) => mine.get(key) === value && /[a-z]{3,}\s+[a-z]{3,}/i.test(value));
      expect(copied.map(([key]) => `${lang}:${key}`)).toEqual([]);
    }
  });
}

describe.each(localeDirs(src).map((d) => [relative(src, d), d]))('locale files in %s', (_name, d) => {
  checkLocaleDir(d);
});

describe('app locale files', () => {
  const texts = Object.fromEntries(LANGS.map((lang) => [lang, load(lang)])) as Record<string, Tree>;
  const all = new Set(LANGS.flatMap((lang) => [...leaves(texts[lang]!).keys()]));

  it('are found with the feature ones', () => {
    expect(localeDirs(src)).toContain(dir);
  });

  it('simplified and traditional Chinese differ where the script differs', () => {
    expect(leaves(texts.zh_CN!).get('register.zhuceshixiao')).not.toBe(leaves(texts.zh_HK!).get('register.zhuceshixiao'));
  });

  it('include the messages the app relies on', () => {
    for (const key of ['register.zhuceshixiao', 'messages.pleaseLogin', 'errors.network', 'errors.timeout', 'version.updating']) {
      expect(all.has(key), key).toBe(true);
    }
  });
});
