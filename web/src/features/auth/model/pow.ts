// The slider's proof of work (docs/accounts.md "Slider"): find a decimal
// nonce such that sha256(challenge + nonce) begins with `bits` zero bits.
// The search counts up from 0, so for one challenge it always finds the same
// (smallest) nonce.
import { compress, padTail, SHA256_INIT, sha256Words } from './sha256';

/** Pow is the server's proof-of-work challenge of one slider check. */
export interface Pow {
  challenge: string;
  bits: number;
}

/** leadingZeroBits counts the zero bits at the start of a digest given as words. */
export function leadingZeroBits(h: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < h.length; i++) {
    const z = Math.clz32(h[i]!);
    n += z;
    if (z < 32) break;
  }
  return n;
}

/** powOk checks a nonce as the server does. */
export function powOk({ challenge, bits }: Pow, nonce: string): boolean {
  if (!/^[0-9]{1,20}$/.test(nonce)) return false;
  return leadingZeroBits(sha256Words(new TextEncoder().encode(challenge + nonce))) >= bits;
}

const ZERO = 0x30;
const NINE = 0x39;

/**
 * PowSearch tries nonces 0, 1, 2, ... in steps. The challenge's whole 64-byte
 * blocks are hashed once (the midstate); each try hashes only the last block
 * or two, with the nonce's digits counted up in place.
 */
export class PowSearch {
  /** tried is how many nonces have been hashed. */
  tried = 0;
  private readonly mid: Int32Array;
  private readonly h = new Int32Array(8);
  private readonly tail = new Uint8Array(128);
  private readonly rem: number;
  private readonly prefix: number;
  private digits = 1;
  private blocks = 0;
  private found: string | null = null;

  constructor(readonly pow: Pow) {
    const bytes = new TextEncoder().encode(pow.challenge);
    const full = bytes.length - (bytes.length % 64);
    this.mid = Int32Array.from(SHA256_INIT);
    for (let off = 0; off < full; off += 64) compress(this.mid, bytes, off);
    this.prefix = bytes.length;
    this.rem = bytes.length - full;
    this.tail.set(bytes.subarray(full));
    this.tail[this.rem] = ZERO;
    this.pad();
  }

  private pad(): void {
    this.blocks = padTail(this.tail, this.rem + this.digits, this.prefix + this.digits) / 64;
  }

  /** nonce is the nonce about to be tried, as the decimal string sent to the server. */
  get nonce(): string {
    return String.fromCharCode(...this.tail.subarray(this.rem, this.rem + this.digits));
  }

  private increment(): void {
    const t = this.tail;
    let i = this.rem + this.digits - 1;
    while (i >= this.rem && t[i] === NINE) t[i--] = ZERO;
    if (i >= this.rem) {
      t[i]!++;
      return;
    }
    // 9...9 + 1: one digit more, "10...0".
    t[this.rem] = ZERO + 1;
    this.digits++;
    t[this.rem + this.digits - 1] = ZERO;
    this.pad();
  }

  /** step tries up to count nonces; it answers the nonce found, or null to be called again. */
  step(count: number): string | null {
    if (this.found !== null) return this.found;
    const { h, mid, tail, blocks } = this;
    const bits = this.pow.bits;
    for (let n = 0; n < count; n++) {
      h.set(mid);
      compress(h, tail, 0);
      if (blocks === 2) compress(h, tail, 64);
      this.tried++;
      if (bits <= 32 ? bits === 0 || Math.clz32(h[0]!) >= bits : leadingZeroBits(h) >= bits) {
        this.found = this.nonce;
        return this.found;
      }
      const before = this.blocks;
      this.increment();
      if (this.blocks !== before) return null; // the tail grew a block: re-read it next step
    }
    return null;
  }
}

/** solvePow finds the nonce at once, blocking (a worker, a script, a test). */
export function solvePow(pow: Pow): string {
  const s = new PowSearch(pow);
  for (;;) {
    const nonce = s.step(1 << 16);
    if (nonce !== null) return nonce;
  }
}
