import { describe, expect, it } from 'vitest';
import { expectEach } from '@/testing/cases';
import { buildWorkerName, codeProblem, hiveWorkerTemplate, splitTemplate, suffixProblem, SUFFIX_MAX } from './worker-name';

describe('worker names', () => {
  it('join the sub-account code and the suffix with a dot, the code in lower case', () => {
    expect(buildWorkerName('alice', 'rig01')).toEqual({ name: 'alice.rig01', code: null, suffix: null });
    expect(buildWorkerName(' Alice ', ' Rig_01-b ').name).toBe('alice.Rig_01-b');
  });

  it('follow the pool rules for codes: 3-20 lower-case letters, digits, underscores, starting with a letter', () => {
    expectEach(codeProblem, [
      ['', 'codeRequired'],
      ['   ', 'codeRequired'],
      ['ab', 'codeInvalid'],
      ['1alice', 'codeInvalid'],
      ['ali-ce', 'codeInvalid'],
      ['a'.repeat(21), 'codeInvalid'],
      ['a'.repeat(20), null],
      ['demo_main', null],
    ]);
  });

  it('accept suffixes of 1-15 letters, digits, _ and - only', () => {
    expect(SUFFIX_MAX).toBe(15);
    expectEach(suffixProblem, [
      ['', 'suffixRequired'],
      ['x'.repeat(15), null],
      ['x'.repeat(16), 'suffixTooLong'],
      ['rig 1', 'suffixInvalid'],
      ['rig.1', 'suffixInvalid'],
      ['矿机', 'suffixInvalid'],
    ]);
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
