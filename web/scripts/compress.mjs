// Writes a gzip (level 9) and a brotli (quality 11) copy beside every compressible file of
// the built app, for poold to serve with Content-Encoding (web/embed.go). Run by
// `npm run build` after `vite build`; uses only node's zlib.
//
// A file gets a copy when it is text (by extension), at least MIN_SIZE bytes, and the copy
// saves at least 10% and 256 bytes; otherwise serving the original is as good.
//
// Usage: node scripts/compress.mjs [folder, default dist/app]
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(webDir, process.argv[2] ?? 'dist/app');

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map', '.wasm', '.ico']);
const MIN_SIZE = 1024;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const worth = (original, packed) => packed.length <= original.length * 0.9 && original.length - packed.length >= 256;

async function compress(file) {
  const data = await readFile(file);
  const text = !['.wasm', '.ico'].includes(path.extname(file));
  const [gz, br] = await Promise.all([
    gzip(data, { level: 9 }),
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: text ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  ]);
  const out = { file, size: data.length, gz: 0, br: 0 };
  for (const [suffix, packed] of [
    ['.gz', gz],
    ['.br', br],
  ]) {
    if (worth(data, packed)) {
      await writeFile(file + suffix, packed);
      out[suffix.slice(1)] = packed.length;
    } else {
      await unlink(file + suffix).catch(() => {});
    }
  }
  return out;
}

const files = [];
for await (const file of walk(root)) {
  if (/\.(gz|br)$/.test(file)) continue;
  if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
  if ((await stat(file)).size < MIN_SIZE) continue;
  files.push(file);
}

// A few at a time: zlib runs in libuv's thread pool, one file per core is enough.
const results = [];
const queue = [...files];
const workers = Array.from({ length: Math.max(1, os.availableParallelism?.() ?? 2) }, async () => {
  for (let file = queue.shift(); file; file = queue.shift()) results.push(await compress(file));
});
await Promise.all(workers);

const total = (key) => results.reduce((a, r) => a + (r[key] || (key === 'size' ? 0 : r.size)), 0);
const kb = (n) => `${(n / 1024).toFixed(0)} kB`;
console.log(
  `compress: ${results.length} files in ${path.relative(webDir, root)}, ${kb(total('size'))} -> gzip ${kb(total('gz'))}, brotli ${kb(total('br'))}` +
    ` (${results.filter((r) => !r.gz).length} without gzip, ${results.filter((r) => !r.br).length} without brotli)`,
);
