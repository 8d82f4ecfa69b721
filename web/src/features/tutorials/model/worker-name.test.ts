import { describe, expect, it } from 'vitest';
import { buildWorkerName, codeProblem, hiveWorkerTemplate, splitTemplate, suffixProblem, SUFFIX_MAX } from './worker-name';

describe('worker names', () => {
  it('join the sub-account code and the suffix with a dot, the code in lower case', () => {
    expect(buildWorkerName('alice', 'rig01')).toEqual({ name: 'alice.rig01', code: null, suffix: null });
    expect(buildWorkerName(' Alice ', ' Rig_01-b ').name).toBe('alice.Rig_01-b');
  });

  it('follow the pool rules for codes: 3-20 lower-case letters, digits, underscores, starting with a letter', () => {
    expect(codeProblem('')).toBe('codeRequired');
    expect(codeProblem('   ')).toBe('codeRequired');
    expect(codeProblem('ab')).toBe('codeInvalid');
    expect(codeProblem('1alice')).toBe('codeInvalid');
    expect(codeProblem('ali-ce')).toBe('codeInvalid');
    expect(codeProblem('a'.repeat(21))).toBe('codeInvalid');
    expect(codeProblem('a'.repeat(20))).toBeNull();
    expect(codeProblem('demo_main')).toBeNull();
  });

  it('accept suffixes of 1-15 letters, digits, _ and - only', () => {
    expect(SUFFIX_MAX).toBe(15);
    expect(suffixProblem('')).toBe('suffixRequired');
    expect(suffixProblem('x'.repeat(15))).toBeNull();
    expect(suffixProblem('x'.repeat(16))).toBe('suffixTooLong');
    expect(suffixProblem('rig 1')).toBe('suffixInvalid');
    expect(suffixProblem('rig.1')).toBe('suffixInvalid');
    expect(suffixProblem('矿机')).toBe('suffixInvalid');
  });

  it('give no name while a part is wrong', () => {
    expect(buildWorkerName('alice', 'rig.1')).toEqual({ name: null, code: null, suffix: 'suffixInvalid' });
    expect(buildWorkerName('', 'rig1')).toEqual({ name: null, code: 'codeRequired', suffix: null });
  });

  it('build the HiveOS template and split the uniplus template around the device slot', () => {
    expect(hiveWorkerTemplate('Alice')).toBe('alice.%WORKER_NAME%');
    expect(splitTemplate('alice.{worker}')).toEqual(['alice.', '']);
    expect(splitTemplate('no-slot')).toEqual(['no-slot', '']);
  });
});
