import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { leadingZeroBits, PowSearch, powOk, solvePow } from './pow';
import { solvePowSliced, startPow } from './pow-solver';
import { sha256Hex } from './sha256';

// The same figures guard the server's check (internal/account/captcha_test.go TestPowVectors).
const CHALLENGE = '00112233445566778899aabbccddeeff';

describe('sha256', () => {
  it('matches the standard test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });
  it('agrees with node:crypto across block boundaries', () => {
    for (const n of [1, 31, 55, 56, 63, 64, 65, 119, 120, 200]) {
      const s = 'x'.repeat(n - 1) + 'é';
      expect(sha256Hex(s), `length ${n}`).toBe(createHash('sha256').update(s).digest('hex'));
    }
  });
});

describe('proof of work', () => {
  it('finds the smallest nonce for a known challenge and bits', () => {
    expect(solvePow({ challenge: CHALLENGE, bits: 0 })).toBe('0');
    expect(solvePow({ challenge: CHALLENGE, bits: 12 })).toBe('1373');
    expect(solvePow({ challenge: CHALLENGE, bits: 16 })).toBe('60803');
    const digest = createHash('sha256').update(`${CHALLENGE}60803`).digest();
    expect(digest[0]).toBe(0);
    expect(digest[1]).toBe(0);
  });

  it('agrees with node:crypto for challenges of any length, nonces growing past a block', () => {
    const first = (challenge: string, bits: number) => {
      for (let n = 0; ; n++) {
        const d = createHash('sha256').update(challenge + n).digest();
        const words = [d.readInt32BE(0), d.readInt32BE(4)];
        if (leadingZeroBits(words) >= bits) return String(n);
      }
    };
    for (const challenge of ['', 'a', 'b'.repeat(52), 'c'.repeat(60), 'd'.repeat(64), 'e'.repeat(70)]) {
      for (const bits of [1, 6, 11]) expect(solvePow({ challenge, bits }), `${challenge.length}/${bits}`).toBe(first(challenge, bits));
    }
  });

  it('checks nonces as the server does', () => {
    const pow = { challenge: CHALLENGE, bits: 12 };
    expect(powOk(pow, '1373')).toBe(true);
    expect(powOk(pow, '1372')).toBe(false);
    expect(powOk({ ...pow, bits: 13 }, '1373')).toBe(false);
    for (const bad of ['', '+1373', '1373.0', ' 1373', '1e3', '-1', '1'.repeat(21)]) expect(powOk({ ...pow, bits: 0 }, bad)).toBe(false);
  });

  it('searches in steps and counts what it tried', () => {
    const s = new PowSearch({ challenge: CHALLENGE, bits: 12 });
    expect(s.step(1000)).toBeNull();
    expect(s.tried).toBe(1000);
    expect(s.nonce).toBe('1000');
    expect(s.step(1000)).toBe('1373');
    expect(s.tried).toBe(1374);
    expect(s.step(1)).toBe('1373');
  });

  it('without workers, solves in slices on the main thread', async () => {
    expect(typeof Worker).toBe('undefined'); // jsdom
    await expect(solvePowSliced({ challenge: CHALLENGE, bits: 16 })).resolves.toBe('60803');
    const job = startPow({ challenge: CHALLENGE, bits: 12 });
    await expect(job.nonce).resolves.toBe('1373');
  });

  it('a cancelled job stops', async () => {
    const abort = new AbortController();
    let slices = 0;
    const clock = () => {
      slices++;
      return slices * 100; // every slice runs out at once
    };
    const settled = vi.fn();
    solvePowSliced({ challenge: CHALLENGE, bits: 30 }, abort.signal, clock).then(settled);
    abort.abort();
    const before = slices;
    await new Promise((r) => setTimeout(r, 20));
    expect(slices).toBe(before);
    expect(settled).not.toHaveBeenCalled();
  });
});
