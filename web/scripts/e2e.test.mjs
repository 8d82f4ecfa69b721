// The browser-suite runner's rules (scripts/e2e.mjs): a suite that fails alone too fails
// the run; one that passes alone is FLAKY and runs again beside other suites, and FLAKY
// a second time fails the run. First with a fake runner that records what it is asked to
// run, then with real node:test suites: one that always fails, one that fails only on its
// first run, and one that fails on its first and third runs (each time beside another).
// `node --test scripts/e2e.test.mjs` (make test-e2e runs it first).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { partnersOf, runSuites } from './e2e.mjs';

/**
 * fakeRunner runs nothing: fails(file, n, concurrency, list) says whether the file's n-th
 * run (from 1) fails, run `concurrency` at a time among list. calls records each call.
 */
function fakeRunner(fails) {
  const runs = new Map();
  const calls = [];
  const runFiles = async (list, concurrency) => {
    calls.push({ list, concurrency });
    return list.filter((f) => {
      const n = (runs.get(f) ?? 0) + 1;
      runs.set(f, n);
      return fails(f, n, concurrency, list);
    });
  };
  return { runFiles, calls };
}

const suites = ['a', 'b', 'c', 'd'];

/** run runs the suites two at a time with the fake runner and keeps the printed lines. */
async function run(fails, options = {}) {
  const runner = fakeRunner(fails);
  const lines = [];
  const verdict = await runSuites({ files: suites, jobs: 2, retry: true, runFiles: runner.runFiles, log: (l) => lines.push(l), ...options });
  return { ...verdict, calls: runner.calls, lines, last: lines.at(-1) };
}

describe('e2e runner rules', () => {
  it('passes when every suite passes, and says so on its last line', async () => {
    const r = await run(() => false);
    assert.equal(r.exitCode, 0);
    assert.deepEqual(r.calls, [{ list: suites, concurrency: 2 }]);
    assert.equal(r.last, '# e2e: PASS: 4 suites, 2 at a time; FAILED: none; FLAKY twice in a row: none; FLAKY once: none');
  });

  it('fails on a suite that fails alone too, and does not run it a third time', async () => {
    const r = await run((f) => f === 'b');
    assert.equal(r.exitCode, 1);
    assert.deepEqual(r.failed, ['b']);
    assert.deepEqual(r.calls, [
      { list: suites, concurrency: 2 },
      { list: ['b'], concurrency: 1 },
    ]);
    assert.match(r.last, /^# e2e: FAIL: .*; FAILED: b; FLAKY twice in a row: none; FLAKY once: none$/);
  });

  it('passes with a suite that fails only on its first run, naming it FLAKY on the last line', async () => {
    const r = await run((f, n) => f === 'c' && n === 1);
    assert.equal(r.exitCode, 0);
    assert.deepEqual(r.flaky, ['c']);
    // Run alone once more, then again beside the suite after it, as two at a time ran it.
    assert.deepEqual(r.calls.slice(1), [
      { list: ['c'], concurrency: 1 },
      { list: ['c', 'd'], concurrency: 2 },
    ]);
    assert.match(r.last, /^# e2e: PASS: .*; FAILED: none; FLAKY twice in a row: none; FLAKY once: c$/);
  });

  it('fails on a suite that is FLAKY in both rounds: it fails beside another suite and passes alone', async () => {
    const r = await run((f, _n, concurrency, list) => f === 'd' && concurrency > 1 && list.length > 1);
    assert.equal(r.exitCode, 1);
    assert.deepEqual(r.recurring, ['d']);
    assert.deepEqual(r.flaky, []);
    assert.deepEqual(r.calls.slice(1), [
      { list: ['d'], concurrency: 1 },
      { list: ['d', 'a'], concurrency: 2 }, // the last suite's partner wraps round to the first
      { list: ['d'], concurrency: 1 },
    ]);
    assert.match(r.last, /^# e2e: FAIL: .*; FAILED: none; FLAKY twice in a row: d; FLAKY once: none$/);
    assert.ok(r.lines.some((l) => l.startsWith('# e2e: round 2: ') && l.includes('FLAKY (passed alone): d')), r.lines.join('\n'));
  });

  it('fails on a FLAKY suite that then fails twice in round 2', async () => {
    const r = await run((f, n) => f === 'a' && n !== 2);
    assert.equal(r.exitCode, 1);
    assert.deepEqual(r.failed, ['a']);
    assert.deepEqual(r.recurring, []);
    assert.match(r.last, /; FAILED: a; FLAKY twice in a row: none; FLAKY once: none$/);
  });

  it('names a partner that flakes in round 2 FLAKY once, and passes', async () => {
    // b flakes on its first run; c, its partner in round 2, fails there (its second run) only.
    const r = await run((f, n) => (f === 'b' && n === 1) || (f === 'c' && n === 2));
    assert.equal(r.exitCode, 0);
    assert.deepEqual(r.flaky, ['b', 'c']);
  });

  it('with E2E_RETRY=0 a first failure is final', async () => {
    const r = await run((f, n) => f === 'a' && n === 1, { retry: false });
    assert.equal(r.exitCode, 1);
    assert.deepEqual(r.calls, [{ list: suites, concurrency: 2 }]);
    assert.deepEqual(r.failed, ['a']);
  });

  it('round 2 runs each FLAKY suite beside the jobs-1 suites after it, each suite once', () => {
    assert.deepEqual(partnersOf(['b'], suites, 3), ['b', 'c', 'd']);
    assert.deepEqual(partnersOf(['a', 'b'], suites, 2), ['a', 'b', 'c']);
    assert.deepEqual(partnersOf(['b'], suites, 1), ['b']);
    assert.deepEqual(partnersOf(['a'], ['a'], 2), ['a']);
  });
});

// Real suites through `node scripts/e2e.mjs`: each fixture counts its runs in a file and
// fails on the runs it is told to.
describe('e2e runner on node:test suites', () => {
  const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'e2e.mjs');
  let dir;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-runner-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** fixture writes a suite that fails on the runs failOn(n) names, and gives its path. */
  const fixture = async (name, failOn) => {
    const file = path.join(dir, `${name}.test.mjs`);
    const count = path.join(dir, `${name}.count`);
    await writeFile(count, '0');
    await writeFile(
      file,
      `import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
const n = Number(readFileSync(${JSON.stringify(count)}, 'utf8')) + 1;
writeFileSync(${JSON.stringify(count)}, String(n));
test('${name}', () => {
  if ((${failOn.toString()})(n)) throw new Error('${name} fails on run ' + n);
});
`,
    );
    return file;
  };

  /** e2e runs the runner on files two at a time and gives its exit code and last line. */
  const e2e = (files) =>
    new Promise((resolve) => {
      // The runner's own node:test must not think it is a child of this one.
      const env = { ...process.env, E2E_JOBS: '2' };
      delete env.NODE_TEST_CONTEXT;
      delete env.E2E_RETRY;
      execFile(process.execPath, [runner, ...files], { cwd: dir, env }, (err, stdout) => {
        const summary = stdout.trim().split('\n').filter((l) => l.startsWith('# e2e: ')).at(-1) ?? stdout;
        resolve({ code: err ? err.code : 0, summary });
      });
    });

  it('passes a suite that fails only on its first run and names it FLAKY', async () => {
    const files = [await fixture('steady1', () => false), await fixture('once', (n) => n === 1)];
    const r = await e2e(files);
    assert.equal(r.code, 0, r.summary);
    assert.equal(r.summary, '# e2e: PASS: 2 suites, 2 at a time; FAILED: none; FLAKY twice in a row: none; FLAKY once: once.test.mjs');
  });

  it('fails on a suite that always fails', async () => {
    const files = [await fixture('steady2', () => false), await fixture('always', () => true)];
    const r = await e2e(files);
    assert.equal(r.code, 1, r.summary);
    assert.equal(r.summary, '# e2e: FAIL: 2 suites, 2 at a time; FAILED: always.test.mjs; FLAKY twice in a row: none; FLAKY once: none');
  });

  it('fails on a suite FLAKY in both rounds (its first and third runs, each beside another suite, fail)', async () => {
    const files = [await fixture('steady3', () => false), await fixture('twice', (n) => n === 1 || n === 3)];
    const r = await e2e(files);
    assert.equal(r.code, 1, r.summary);
    assert.equal(r.summary, '# e2e: FAIL: 2 suites, 2 at a time; FAILED: none; FLAKY twice in a row: twice.test.mjs; FLAKY once: none');
  });
});
