import { describe, expect, it } from 'vitest';
import { aliasProblem, codeProblem, workerName } from './rules';

describe('sub-account rules', () => {
  it('takes codes the server takes', () => {
    expect(codeProblem('alice')).toBeNull();
    expect(codeProblem('a_b9')).toBeNull();
    expect(codeProblem(' ')).toBe('required');
    for (const bad of ['Alice', '1alice', 'ab', 'a'.repeat(21), 'al-ice', 'al ice']) expect(codeProblem(bad)).toBe('format');
  });
  it('takes aliases the server takes', () => {
    expect(aliasProblem('Farm 1')).toBeNull();
    expect(aliasProblem('矿场-一')).toBeNull();
    expect(aliasProblem('')).toBe('required');
    expect(aliasProblem('矿'.repeat(21))).toBe('tooLong');
    expect(aliasProblem('farm!')).toBe('format');
  });
  it('names workers code.suffix', () => {
    expect(workerName('alice', 'rig01')).toBe('alice.rig01');
  });
});
