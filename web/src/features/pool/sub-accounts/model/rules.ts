// The sub-account form's rules, as the server has them (internal/pool: ValidCode,
// checkAlias), so the form says what is wrong before it sends anything.

/** CODE is a sub-account code: 3-20 lower-case letters, digits or underscores, starting with a letter. */
export const CODE = /^[a-z][a-z0-9_]{2,19}$/;
/** ALIAS allows Chinese characters, letters, digits, underscores, hyphens and spaces, 1-20 of them. */
export const ALIAS = /^[\p{Script=Han}A-Za-z0-9_\- ]{1,20}$/u;

export type CodeProblem = 'required' | 'format' | null;
export type AliasProblem = 'required' | 'tooLong' | 'format' | null;

/** codeProblem names what is wrong with a code, or null. */
export function codeProblem(code: string): CodeProblem {
  const c = code.trim();
  if (c === '') return 'required';
  return CODE.test(c) ? null : 'format';
}

/** aliasProblem names what is wrong with an alias, or null. */
export function aliasProblem(alias: string): AliasProblem {
  const a = alias.trim();
  if (a === '') return 'required';
  if ([...a].length > 20) return 'tooLong';
  return ALIAS.test(a) ? null : 'format';
}

/** workerName is the full worker name a rig uses: "<code>.<suffix>". */
export function workerName(code: string, suffix: string): string {
  return `${code}.${suffix}`;
}
