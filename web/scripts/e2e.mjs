// Runs the browser suites (e2e/*.test.mjs, or the files named on the command line),
// E2E_JOBS at a time (default 2), each in its own process with its own poold and Chromium.
//
// A suite that fails is run once more on its own (E2E_RETRY=0 turns that off). On CI's
// 2-CPU machine two suites at a time keep the run near 10 minutes instead of 16, and now
// and then starve one of them enough that a page misses a wait. A suite that fails again
// alone fails the run. A suite that passes alone is FLAKY, and a flake that is only
// named is soon ignored, so every FLAKY suite is run a second time as the first run ran
// it, beside other suites (round 2): FLAKY again there fails the run, as does failing
// twice. Every round's result and the final verdict are printed; the first run's output
// stays in the log.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * runRound runs files `jobs` at a time with runFiles, then each that failed alone once
 * more (when retry is on). It gives the files that failed, the ones of those that failed
 * alone too (failed), and those that passed alone (flaky).
 */
async function runRound(files, jobs, retry, runFiles) {
  const together = await runFiles(files, jobs);
  if (!retry) return { together, failed: together, flaky: [] };
  const failed = [];
  for (const f of together) failed.push(...(await runFiles([f], 1)));
  return { together, failed, flaky: together.filter((f) => !failed.includes(f)) };
}

/**
 * partnersOf lists round 2: each flaky suite followed by the jobs-1 suites after it in
 * files (wrapping round), so that it starts beside other suites as it did in round 1.
 */
export function partnersOf(flaky, files, jobs) {
  const list = [];
  const add = (f) => {
    if (!list.includes(f)) list.push(f);
  };
  for (const f of flaky) {
    add(f);
    const at = files.indexOf(f);
    if (at < 0) continue;
    for (let i = 1; i < Math.min(jobs, files.length); i++) add(files[(at + i) % files.length]);
  }
  return list;
}

/**
 * runSuites runs the suites as described at the top of this file. runFiles(list,
 * concurrency) runs the files and gives those that failed; log prints a line. It gives
 * the verdict: failed (failed twice in a row, in either round), recurring (FLAKY in both
 * rounds), flaky (FLAKY once: passed when run again), and exitCode.
 */
export async function runSuites({ files, jobs, retry, runFiles, log = console.log, name = (f) => f }) {
  const names = (list) => (list.length ? list.map(name).join(', ') : 'none');
  const first = await runRound(files, jobs, retry, runFiles);
  if (first.together.length) {
    log(`# e2e: round 1: ${first.together.length} of ${files.length} suite(s) failed with ${jobs} at a time: ${names(first.together)}`);
    if (retry) log(`# e2e: round 1: failed alone too: ${names(first.failed)}; FLAKY (passed alone): ${names(first.flaky)}`);
  }
  let second = { together: [], failed: [], flaky: [] };
  if (first.flaky.length) {
    const list = partnersOf(first.flaky, files, jobs);
    log(`# e2e: round 2: the FLAKY suites again, ${jobs} at a time: ${names(list)}`);
    second = await runRound(list, jobs, retry, runFiles);
    log(`# e2e: round 2: failed: ${names(second.together)}; failed alone too: ${names(second.failed)}; FLAKY (passed alone): ${names(second.flaky)}`);
  }
  const failed = [...new Set([...first.failed, ...second.failed])];
  const recurring = first.flaky.filter((f) => second.flaky.includes(f));
  const flaky = [...new Set([...first.flaky, ...second.flaky])].filter((f) => !failed.includes(f) && !recurring.includes(f));
  const exitCode = failed.length || recurring.length ? 1 : 0;
  log(
    `# e2e: ${exitCode ? 'FAIL' : 'PASS'}: ${files.length} suites, ${jobs} at a time; ` +
      `FAILED: ${names(failed)}; FLAKY twice in a row: ${names(recurring)}; FLAKY once: ${names(flaky)}`,
  );
  return { failed, recurring, flaky, exitCode };
}

/** runFiles runs files `concurrency` at a time with node:test, prints TAP, and gives the files that failed. */
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

async function main() {
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
  const { exitCode } = await runSuites({
    files,
    jobs,
    retry,
    runFiles,
    log: (line) => console.log(`\n${line}`),
    name: (f) => path.relative(process.cwd(), f),
  });
  process.exitCode = exitCode;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
