// Worker names as the pool reads them at mining.authorize (internal/pool/pool.go):
// "<sub-account code>.<suffix>". The code part is matched in lower case; the suffix is
// kept as typed.

/** SUFFIX_MAX is the longest worker suffix the pool accepts (SPEC.md section 9). */
export const SUFFIX_MAX = 15;

const codePattern = /^[a-z][a-z0-9_]{2,19}$/;
const suffixChars = /^[A-Za-z0-9_-]+$/;

/** HIVE_WORKER is HiveOS's variable for a rig's own name in a flight sheet. */
export const HIVE_WORKER = '%WORKER_NAME%';

/** WORKER_SLOT is where the uniplus call's template puts the device name. */
export const WORKER_SLOT = '{worker}';

/** WorkerProblem names what is wrong with a code or suffix (locale keys under worker.errors). */
export type WorkerProblem = 'codeRequired' | 'codeInvalid' | 'suffixRequired' | 'suffixTooLong' | 'suffixInvalid';

/** normalizeCode is the code as the pool matches it: trimmed and lower-cased. */
export function normalizeCode(code: string): string {
  return code.trim().toLowerCase();
}

/** codeProblem tells what is wrong with a sub-account code, or null. */
export function codeProblem(code: string): WorkerProblem | null {
  const c = normalizeCode(code);
  if (c === '') return 'codeRequired';
  return codePattern.test(c) ? null : 'codeInvalid';
}

/** suffixProblem tells what is wrong with a worker suffix, or null. */
export function suffixProblem(suffix: string): WorkerProblem | null {
  const s = suffix.trim();
  if (s === '') return 'suffixRequired';
  if (!suffixChars.test(s)) return 'suffixInvalid';
  return s.length > SUFFIX_MAX ? 'suffixTooLong' : null;
}

/** WorkerCheck is a worker name built from its parts, or the problems that stop it. */
export interface WorkerCheck {
  name: string | null;
  code: WorkerProblem | null;
  suffix: WorkerProblem | null;
}

/** buildWorkerName joins code and suffix when both are valid. */
export function buildWorkerName(code: string, suffix: string): WorkerCheck {
  const c = codeProblem(code);
  const s = suffixProblem(suffix);
  return { name: c || s ? null : `${normalizeCode(code)}.${suffix.trim()}`, code: c, suffix: s };
}

/** hiveWorkerTemplate is the "Wallet and worker template" of a HiveOS flight sheet. */
export function hiveWorkerTemplate(code: string): string {
  return `${normalizeCode(code)}.${HIVE_WORKER}`;
}

/**
 * splitTemplate cuts the uniplus call's worker template ("alice.{worker}") around the
 * device-name slot, so a page can show the slot as a translated placeholder.
 */
export function splitTemplate(template: string): [before: string, after: string] {
  const i = template.indexOf(WORKER_SLOT);
  if (i < 0) return [template, ''];
  return [template.slice(0, i), template.slice(i + WORKER_SLOT.length)];
}
