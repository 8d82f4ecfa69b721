// Package ironfish is IronFish's proof of work: the block header, its two serializations,
// its Blake3 hash, and the target and difficulty rules, as the IronFish SDK (2.12.0)
// computes them. The tests hold it to the SDK itself (BlockHeader, BlockHasher, Target)
// and to its miner (@ironfish/rust-nodejs) through testdata/coins/ironfish-hash.js.
//
// # Header layout
//
// A header is serialized to 180 bytes. Which serialization and hash a block uses is set by
// the consensus parameter enableFishHash: never on devnet, from sequence 503338 on mainnet
// and 419193 on testnet (hard fork 1). Under Blake3 the layout is:
//
//	offset size field
//	     0    8 randomness             u64 big-endian (the miner's nonce)
//	     8    4 sequence               u32 little-endian
//	    12   32 previousBlockHash      bytes as they are
//	    44   32 noteCommitment         bytes as they are
//	    76   32 transactionCommitment  bytes as they are
//	   108   32 target                 u256 big-endian
//	   140    8 timestamp              u64 little-endian, milliseconds since the Unix epoch
//	   148   32 graffiti               bytes as they are
//
// The byte orders are the SDK's bufio calls: writeBigU64BE and writeBigU256BE are
// big-endian, writeU32 and writeU64 little-endian, and writeHash and writeBytes copy the
// bytes without reversing them. IronFish shows a hash as the hex of its bytes in this
// order (unlike Bitcoin, nothing is reversed for display; chain.Hash.String reverses, so
// drivers must not use it to print IronFish hashes).
//
// The FishHash layout (FIP-9) has the same fields with graffiti first (offset 0) and
// randomness last (offset 172); the fields between keep their order and encodings, shifted
// to offset 32.
//
// # Proof of work and targets
//
// The proof-of-work value is Blake3-256 of the serialized header, and it is also the
// block's hash. A hash meets a target when the hash, read as a 256-bit big-endian number,
// is at most the target (the SDK's Target.meets, and its miner's byte comparison).
//
// Difficulty and target are each other's inverse in integer division: target =
// 2^256 / difficulty, except that a difficulty at or below MinDifficulty (131072) gives
// MaxTarget (2^239); difficulty = 2^256 / target, except that a target at or below 1 gives
// 2^256-1.
//
// # Share difficulty
//
// The IronFish pool (the SDK's MiningPool) turns its poolDifficulty into a share target
// with the same Target.fromDifficulty and sends that target's 32 big-endian bytes in hex
// in mining.set_target; a share is a hash at or below it. Our stratum uses the same scale:
// share difficulty d means target floor(2^256/d), and one unit of difficulty is one
// expected hash (HashesPerDifficulty = 1), so a block's difficulty and a share's are in
// the same units and a share of difficulty d is worth d/D of a block of difficulty D.
// ShareTarget is the SDK pool's rule exactly, floor included: a difficulty at or below
// MinDifficulty gives MaxTarget. A fractional d (vardiff) still gives the exact floor.
//
// # Mining
//
// A pool sends the Blake3-layout header with zero randomness; the miner writes its xn
// prefix (from mining.subscribed) over the first bytes of the randomness, counts through
// the rest, and submits the 8 randomness bytes as 16 hex digits. The pool checks the
// prefix, puts the randomness back into its header and hashes it: HashHeader does that
// without allocating.
//
// # FishHash: not implemented
//
// This package serializes headers in the FishHash layout (MarshalFishHash, ParseFishHash)
// but does not compute FishHash itself (an Ethash-like, memory-hard hash over a dataset of
// several gigabytes, which a verifier can rebuild piecemeal from a smaller light cache).
// Until it does, a pool built on this package can mine only
// networks where FishHash never activates, which means devnet; it cannot judge shares or
// blocks on mainnet or testnet, whose current blocks are all past hard fork 1, and the
// driver should refuse a node whose enableFishHash is set.
package ironfish
