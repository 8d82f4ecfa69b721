package ironfish

import (
	"bytes"
	"fmt"
	"math/big"

	"lukechampine.com/blake3"
	"lukechampine.com/blake3/guts"
)

// HashBlake3 is the Blake3 (256-bit) hash of a serialized header: the proof-of-work value
// under Blake3, and the block's hash.
func HashBlake3(serialized []byte) [32]byte { return blake3.Sum256(serialized) }

// Hash is the header's Blake3 proof-of-work hash, which is also its block hash (before
// FishHash).
func (h Header) Hash() [32]byte {
	b := h.MarshalBlake3()
	return hashChunk(&b)
}

// HashHeader is the Blake3 hash of work, a header in the Blake3 layout, with its
// randomness replaced by randomness (the 8 bytes a miner submits, big-endian as on the
// wire). It is a pool's per-share path: work is not changed and nothing is allocated.
func HashHeader(work []byte, randomness [RandomnessSize]byte) ([32]byte, error) {
	if len(work) != HeaderSize {
		return [32]byte{}, fmt.Errorf("ironfish: hash header: %d bytes, want %d", len(work), HeaderSize)
	}
	var b [HeaderSize]byte
	copy(b[:], work)
	copy(b[RandomnessOffsetBlake3:], randomness[:])
	return hashChunk(&b), nil
}

// hashChunk is blake3.Sum256 of a header, which fits in one Blake3 chunk (1,024 bytes):
// the chunk's last node with the root flag, compressed. blake3.Sum256 computes the same
// but makes its argument escape (for inputs of many chunks), so the header would be
// allocated on every share; this keeps it on the stack.
func hashChunk(b *[HeaderSize]byte) (out [32]byte) {
	n := guts.CompressChunk(b[:], &guts.IV, 0, 0)
	n.Flags |= guts.FlagRoot
	words := guts.WordsToBytes(guts.CompressNode(n))
	copy(out[:], words[:32])
	return out
}

// MeetsTarget tells whether hash, read as a 256-bit big-endian number, is at most target:
// IronFish's rule for blocks and its pool's for shares. A nil or negative target is met by
// nothing, one past 2^256-1 by everything; a zero target is met only by the zero hash, as
// in the SDK.
func MeetsTarget(hash [32]byte, target *big.Int) bool {
	if target == nil || target.Sign() < 0 {
		return false
	}
	if target.BitLen() > 256 {
		return true
	}
	var t [32]byte
	target.FillBytes(t[:])
	return MeetsTargetBytes(hash, t)
}

// MeetsTargetBytes is MeetsTarget for a target already in its 32 big-endian bytes (see
// TargetBytes): a byte comparison, what a pool does per share.
func MeetsTargetBytes(hash, target [32]byte) bool {
	return bytes.Compare(hash[:], target[:]) <= 0
}
