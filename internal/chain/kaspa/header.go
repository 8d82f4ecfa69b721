package kaspa

import (
	"encoding/binary"
	"fmt"
	"hash"
	"math/big"

	"golang.org/x/crypto/blake2b"
)

// blockHashKey is the BLAKE2b key kaspad uses as the block hash's domain separator.
var blockHashKey = []byte("BlockHash")

// MaxBlueWorkBits is the width of kaspad's blue work (a Uint192): a header with a larger
// blue work cannot exist, and kaspa-wasm refuses it.
const MaxBlueWorkBits = 192

// Header is a Kaspa block header with the fields of kaspad's RpcHeader / consensus Header.
type Header struct {
	Version uint16
	// Parents holds the parents level by level (ParentsByLevel); level 0 is the direct parents.
	Parents              [][]Hash
	HashMerkleRoot       Hash
	AcceptedIDMerkleRoot Hash
	UTXOCommitment       Hash
	// Timestamp is in milliseconds since the Unix epoch.
	Timestamp uint64
	Bits      uint32
	Nonce     uint64
	DAAScore  uint64
	// BlueWork is a non-negative integer of at most MaxBlueWorkBits bits; nil means 0.
	BlueWork     *big.Int
	BlueScore    uint64
	PruningPoint Hash
}

// Hash returns the block hash: keyed BLAKE2b-256 of the header's serialization.
func (h *Header) Hash() Hash { return h.hashWith(h.Timestamp, h.Nonce) }

// PrePowHash returns the hash the proof of work starts from: the block hash computed with
// the timestamp and the nonce both zero (the miner supplies the nonce; the timestamp goes
// into the PoW hash separately).
func (h *Header) PrePowHash() Hash { return h.hashWith(0, 0) }

// Validate reports what would make the header unhashable by kaspad: a negative or too
// wide blue work.
func (h *Header) Validate() error {
	if h.BlueWork != nil && (h.BlueWork.Sign() < 0 || h.BlueWork.BitLen() > MaxBlueWorkBits) {
		return fmt.Errorf("kaspa: header blue work %s is not a %d-bit unsigned integer", h.BlueWork, MaxBlueWorkBits)
	}
	return nil
}

// hashWith follows rusty-kaspa consensus/core/src/hashing/header.rs
// (hash_override_nonce_time): every integer little-endian, every list preceded by its
// length as a u64, blue work as its minimal big-endian bytes preceded by their count.
func (h *Header) hashWith(timestamp, nonce uint64) Hash {
	d, err := blake2b.New256(blockHashKey)
	if err != nil {
		panic("kaspa: blake2b rejected a 9-byte key: " + err.Error())
	}
	var buf [8]byte
	binary.LittleEndian.PutUint16(buf[:2], h.Version)
	d.Write(buf[:2])
	writeU64(d, &buf, uint64(len(h.Parents)))
	for _, level := range h.Parents {
		writeU64(d, &buf, uint64(len(level)))
		for i := range level {
			d.Write(level[i][:])
		}
	}
	d.Write(h.HashMerkleRoot[:])
	d.Write(h.AcceptedIDMerkleRoot[:])
	d.Write(h.UTXOCommitment[:])
	writeU64(d, &buf, timestamp)
	binary.LittleEndian.PutUint32(buf[:4], h.Bits)
	d.Write(buf[:4])
	writeU64(d, &buf, nonce)
	writeU64(d, &buf, h.DAAScore)
	writeU64(d, &buf, h.BlueScore)
	var work []byte
	if h.BlueWork != nil {
		// big.Int.Bytes is already the minimal big-endian form (empty for zero), which is
		// what both kaspad implementations write.
		work = h.BlueWork.Bytes()
	}
	writeU64(d, &buf, uint64(len(work)))
	d.Write(work)
	d.Write(h.PruningPoint[:])
	var out Hash
	d.Sum(out[:0])
	return out
}

func writeU64(d hash.Hash, buf *[8]byte, v uint64) {
	binary.LittleEndian.PutUint64(buf[:], v)
	d.Write(buf[:])
}
