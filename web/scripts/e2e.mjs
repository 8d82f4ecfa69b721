// Runs the browser suites (e2e/*.test.mjs, or the files named on the command line),
// E2E_JOBS at a time (default 2), each in its own process with its own poold and Chromium.
//
// A suite that fails is run once more on its own (E2E_RETRY=0 turns that off). On CI's
// 2-CPU machine two suites at a time keep the run near 10 minutes instead of 16, and now
// and then starve one of them enough that a page misses a wait; a suite that then passes
// on its own is named in the summary as flaky, a suite that fails again fails the run.
// Either way the first run's output stays in the log.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'e2e');
const jobs = Math.max(1, Number(process.env.E2E_JOBS ?? 2) || 1);
const retry = process.env.E2E_RETRY !== '0';

const named = process.argv.slice(2).map((f) => path.resolve(f));
const files = named.length
  ? named
  : readdirSync(e2eDir)
      .filter((f) => f.endsWith('.test.mjs'))
      .sort()
      .map((f) => path.join(e2eDir, f));

/** runFiles runs files `concurrency` at a time, prints TAP, and gives the files that failed. */
async function runFiles(list, concurrency) {
  const failed = new Set();
  const stream = run({ files: list, concurrency });
  stream.on('test:fail', (event) => failed.add(event.file ?? '(unknown file)'));
  await new Promise((resolve, reject) => {
    const out = stream.compose(tap);
    out.on('data', (chunk) => process.stdout.write(chunk));
    out.on('end', resolve);
    out.on('error', reject);
  });
  return [...failed];
}

const short = (f) => path.relative(process.cwd(), f);
const first = await runFiles(files, jobs);
let again = first;
if (first.length && retry) {
  console.log(`\n# e2e: ${first.length} suite(s) failed with ${jobs} at a time; running each alone once more: ${first.map(short).join(', ')}\n`);
  again = [];
  for (const f of first) again.push(...(await runFiles([f], 1)));
}
const flaky = first.filter((f) => !again.includes(f));
console.log(`\n# e2e: ${files.length} suites, ${jobs} at a time`);
if (flaky.length) console.log(`# e2e: FLAKY (failed alongside another suite, passed alone): ${flaky.map(short).join(', ')}`);
if (again.length) console.log(`# e2e: FAILED: ${again.map(short).join(', ')}`);
process.exitCode = again.length ? 1 : 0;
