// Package kaspa is Kaspa's consensus arithmetic the pool needs, checked against
// rusty-kaspa (its WASM build, kaspa-wasm, judges the tests): block header hashing, the
// kHeavyHash proof of work, compact bits and the stratum share difficulty, addresses, and
// the pool wallet's transactions: ids, signature hashes, BIP-340 signatures and masses
// (tx.go, txbytes.go, sign.go, mass.go; docs/chains/kaspa.md "Payouts").
//
// # Byte orders
//
// A Hash is 32 bytes in the order kaspad keeps them, and its hex form is those bytes in
// order (no Bitcoin-style reversal); Hash.ChainHash converts to the pool's chain.Hash so
// that chain.Hash.String prints the same hex. Header integers are hashed little-endian. A
// proof-of-work value (Pow) and a Target are 256-bit integers whose bytes (words) are
// little-endian: the kHeavyHash output read with Uint256::from_le_bytes.
//
// # Header hash (rusty-kaspa consensus/core/src/hashing/header.rs)
//
// The block hash is BLAKE2b-256 keyed with "BlockHash" over: version (u16), the number of
// parent levels (u64), for each level its length (u64) and its hashes, hashMerkleRoot,
// acceptedIdMerkleRoot, utxoCommitment, timestamp (u64, ms), bits (u32), nonce (u64),
// daaScore (u64), blueScore (u64), blue work as its minimal big-endian bytes (none for 0)
// preceded by their count (u64), pruningPoint. The pre-PoW hash is the same with timestamp
// and nonce both 0.
//
// # Proof of work: kHeavyHash (rusty-kaspa consensus/pow, crypto/hashes/src/pow_hashers.rs)
//
//  1. h1 = cSHAKE256(N="", S="ProofOfWorkHash") over PRE_POW_HASH || TIME (u64 LE) ||
//     32 zero bytes || NONCE (u64 LE), 32 bytes out.
//  2. The matrix: xoshiro256++ seeded with the pre-PoW hash as four LE u64 words fills a
//     64x64 matrix row by row, each u64 giving 16 entries from its low 4 bits up; a
//     matrix whose rank (float64 Gaussian elimination, tolerance 1e-9) is below 64 is
//     thrown away and the next one drawn from the same generator.
//  3. v = the 64 nibbles of h1, high nibble of each byte first; for i in 0..32,
//     p[i] = ((row(2i)·v) >> 10) << 4 | ((row(2i+1)·v) >> 10), then p[i] ^= h1[i].
//  4. pow = cSHAKE256(N="", S="HeavyHash") over p, read as a little-endian 256-bit
//     integer. A block is valid when pow <= target(bits); a share when pow <= the share
//     target.
//
// The matrix and the absorbed pre-PoW hash and timestamp depend only on the job, so a
// State is built once per job (NewState, about 0.3 ms: the rank check dominates) and
// State.Pow / State.CheckPow cost two Keccak permutations and a 64x64 product per nonce
// (about 2.5 µs on one core), with no allocation. The product runs on the matrix packed
// four rows to a uint64, which is exact because no row sum reaches 2^16.
//
// A stratum job carries the pre-PoW hash followed by the timestamp as 8 little-endian
// bytes (JobWork; in hex, the single job string of kaspa-stratum-bridge's
// GenerateLargeJobParams); chain.HeaderTemplate.Work holds those 40 bytes.
//
// # Compact bits (rusty-kaspa math/src/lib.rs)
//
// bits = exponent (top byte) and a 23-bit mantissa with a sign bit (0x00800000, which
// makes the target 0): target = mantissa << 8*(exponent-3), or mantissa >> 8*(3-exponent)
// for exponent <= 3. Like rusty-kaspa's Uint256 in a release build, the shift wraps at 256
// bits; valid blocks never come near that. BitsFromTarget is the inverse encoding.
//
// # Share difficulty (kaspa-stratum-bridge src/kaspastratum/hasher.go)
//
// mining.set_difficulty carries a float d; the pool's share target is 2^224 / d
// (DiffToTarget: the quotient at float64 precision, truncated to an integer), and the
// difficulty of a target t is 2^224 / t (BigDiffToLittle). A share of difficulty d is
// worth d * 2^32 hashes. Miners derived from tmrlvi's kaspa-miner compute their own
// target as 0xffff * 2^208 / d through a float32 reciprocal (rusty-kaspa's
// calculateDifficulty, MinerTarget here), which is about 1/65536 below the pool's, so
// their shares always meet the pool's target. (kaspa-wasm 0.13.0's calculateDifficulty
// returns garbage for d in (1/256, 1/128], (2^56, 2^57], (2^120, 2^121] and
// (2^184, 2^185], where it shifts a u64 by 64; MinerTarget gives the formula's value
// there.)
//
// # Addresses (rusty-kaspa crypto/addresses, crypto/txscript/src/standard.rs)
//
// "prefix:payload" with prefix kaspa (mainnet), kaspatest, kaspasim or kaspadev, lower
// case only (rusty-kaspa refuses any upper-case letter, so all-upper-case too). The payload is the version byte (0 Schnorr PubKey with a 32-byte key,
// 1 PubKeyECDSA with a 33-byte key, 8 ScriptHash with a 32-byte hash) and the key or
// hash, regrouped into 5-bit groups (the last zero-padded), followed by a 40-bit
// checksum in eight groups, all written in the charset "qpzry9x8gf2tvdw0s3jn54khce6mua7l".
// The checksum is CashAddr's polymod over the prefix's characters' low 5 bits, a zero,
// the data groups and eight zero groups, XORed with 1. Decoding drops the bits that do
// not fill a byte at the end of the data, whatever they hold, so rusty-kaspa (and
// ParseAddress) also accept a few non-canonical texts with a right checksum: non-zero
// padding bits, or one spare 5-bit group for the 32-byte versions. Address.String is the
// canonical text; store and compare that. Outputs pay, with script version
// 0: PubKey OP_DATA_32 <key> OP_CHECKSIG; PubKeyECDSA OP_DATA_33 <key>
// OP_CHECKSIGECDSA; ScriptHash OP_BLAKE2B OP_DATA_32 <hash> OP_EQUAL.
package kaspa
