// A small synchronous SHA-256 (FIPS 180-4) for the slider's proof of work
// (docs/accounts.md "Slider"). WebCrypto's subtle.digest is async: one promise
// per hash costs far more than the hash of a 40-byte message, so the solver
// hashes here, with no allocation per hash.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA256_INIT is the initial hash value H(0). */
export const SHA256_INIT: readonly number[] = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const W = new Int32Array(64);

/**
 * compress runs one 64-byte block (block[off..off+63]) into the state h
 * (8 words, updated in place).
 */
export function compress(h: Int32Array, block: Uint8Array, off: number): void {
  const w = W;
  for (let i = 0; i < 16; i++) {
    const j = off + i * 4;
    w[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (hh + S1 + ch + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}

/**
 * padTail writes the padding (0x80, zeros, the bit length) after the last
 * `used` bytes of a message of `total` bytes into tail, which holds those
 * bytes at its start; it answers how many bytes of tail (64 or 128) to hash.
 */
export function padTail(tail: Uint8Array, used: number, total: number): number {
  const n = used + 9 <= 64 ? 64 : 128;
  tail[used] = 0x80;
  tail.fill(0, used + 1, n - 8);
  const bits = total * 8;
  const hi = Math.floor(bits / 0x100000000);
  tail[n - 8] = hi >>> 24;
  tail[n - 7] = hi >>> 16;
  tail[n - 6] = hi >>> 8;
  tail[n - 5] = hi;
  tail[n - 4] = bits >>> 24;
  tail[n - 3] = bits >>> 16;
  tail[n - 2] = bits >>> 8;
  tail[n - 1] = bits;
  return n;
}

/** sha256 hashes bytes; it answers the digest as 8 big-endian words. */
export function sha256Words(bytes: Uint8Array): Int32Array {
  const h = Int32Array.from(SHA256_INIT);
  const full = bytes.length - (bytes.length % 64);
  for (let off = 0; off < full; off += 64) compress(h, bytes, off);
  const tail = new Uint8Array(128);
  tail.set(bytes.subarray(full));
  const n = padTail(tail, bytes.length - full, bytes.length);
  for (let off = 0; off < n; off += 64) compress(h, tail, off);
  return h;
}

/** sha256Hex hashes a string (UTF-8) and answers the digest in hex. */
export function sha256Hex(text: string): string {
  const h = sha256Words(new TextEncoder().encode(text));
  let out = '';
  for (const w of h) out += (w >>> 0).toString(16).padStart(8, '0');
  return out;
}
