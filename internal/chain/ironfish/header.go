package ironfish

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"time"
)

// Sizes and offsets of the serialized header.
const (
	// HeaderSize is the length of a serialized header in either layout.
	HeaderSize = 180
	// RandomnessSize is the length of the randomness, the miner's nonce.
	RandomnessSize = 8
	// RandomnessOffsetBlake3 is where the randomness sits in the Blake3 layout: first.
	RandomnessOffsetBlake3 = 0
	// RandomnessOffsetFishHash is where the randomness sits in the FishHash layout: last.
	RandomnessOffsetFishHash = HeaderSize - RandomnessSize
)

// Header is an IronFish block header: the fields that are hashed for proof of work.
//
// Target is kept as the 32 big-endian bytes the header carries rather than a *big.Int, so
// that a Header is a plain value (comparable, copied without aliasing, never nil), every
// serialized header parses and marshals back to the same bytes, and marshalling allocates
// nothing. TargetInt and SetTarget convert. Timestamp is likewise the serialized
// milliseconds, not a time.Time, so any 8 bytes round-trip; Time converts.
type Header struct {
	// Randomness is the miner's nonce. On the wire (stratum mining.submit, the node's block
	// template) it is the 16 hex digits of its 8 big-endian bytes.
	Randomness uint64
	// Sequence is the block's height; the genesis block is 1.
	Sequence uint32
	// PreviousBlockHash, NoteCommitment and TransactionCommitment are written as they are:
	// IronFish shows hashes as the hex of these bytes in this order, not reversed.
	PreviousBlockHash     [32]byte
	NoteCommitment        [32]byte
	TransactionCommitment [32]byte
	// Target is the block's target, a 256-bit big-endian number.
	Target [32]byte
	// Timestamp is the block's time in milliseconds since the Unix epoch.
	Timestamp uint64
	// Graffiti is 32 free bytes; pools put their name there.
	Graffiti [32]byte
}

// Time is the header's timestamp as a time.Time.
func (h Header) Time() time.Time { return time.UnixMilli(int64(h.Timestamp)) }

// TargetInt is the header's target as a number.
func (h Header) TargetInt() *big.Int { return new(big.Int).SetBytes(h.Target[:]) }

// SetTarget sets the header's target; it fails for a negative target or one past 2^256-1,
// which no header can carry.
func (h *Header) SetTarget(t *big.Int) error {
	if t == nil || t.Sign() < 0 || t.BitLen() > 256 {
		return fmt.Errorf("ironfish: target %v is not a 256-bit unsigned number", t)
	}
	t.FillBytes(h.Target[:])
	return nil
}

// MarshalBlake3 is the header in the layout Blake3 hashes (devnet, and mainnet and testnet
// before their FishHash activation): randomness u64 big-endian, sequence u32
// little-endian, the three hashes, target u256 big-endian, timestamp u64 little-endian,
// graffiti.
func (h Header) MarshalBlake3() [HeaderSize]byte {
	var b [HeaderSize]byte
	binary.BigEndian.PutUint64(b[0:8], h.Randomness)
	h.putMiddle(b[8:148])
	copy(b[148:180], h.Graffiti[:])
	return b
}

// MarshalFishHash is the header in the layout FishHash hashes (mainnet since hard fork 1,
// FIP-9): graffiti first and randomness last, the fields between them as in the Blake3
// layout.
func (h Header) MarshalFishHash() [HeaderSize]byte {
	var b [HeaderSize]byte
	copy(b[0:32], h.Graffiti[:])
	h.putMiddle(b[32:172])
	binary.BigEndian.PutUint64(b[172:180], h.Randomness)
	return b
}

// putMiddle writes the 140 bytes both layouts share (sequence through timestamp) at the
// start of b.
func (h *Header) putMiddle(b []byte) {
	binary.LittleEndian.PutUint32(b[0:4], h.Sequence)
	copy(b[4:36], h.PreviousBlockHash[:])
	copy(b[36:68], h.NoteCommitment[:])
	copy(b[68:100], h.TransactionCommitment[:])
	copy(b[100:132], h.Target[:])
	binary.LittleEndian.PutUint64(b[132:140], h.Timestamp)
}

// getMiddle reads what putMiddle writes.
func (h *Header) getMiddle(b []byte) {
	h.Sequence = binary.LittleEndian.Uint32(b[0:4])
	copy(h.PreviousBlockHash[:], b[4:36])
	copy(h.NoteCommitment[:], b[36:68])
	copy(h.TransactionCommitment[:], b[68:100])
	copy(h.Target[:], b[100:132])
	h.Timestamp = binary.LittleEndian.Uint64(b[132:140])
}

// ParseBlake3 reads a header in the Blake3 layout (what MarshalBlake3 writes, and what
// the IronFish pool sends in mining.notify before FishHash).
func ParseBlake3(b []byte) (Header, error) {
	if len(b) != HeaderSize {
		return Header{}, fmt.Errorf("ironfish: parse header: %d bytes, want %d", len(b), HeaderSize)
	}
	var h Header
	h.Randomness = binary.BigEndian.Uint64(b[0:8])
	h.getMiddle(b[8:148])
	copy(h.Graffiti[:], b[148:180])
	return h, nil
}

// ParseFishHash reads a header in the FishHash layout.
func ParseFishHash(b []byte) (Header, error) {
	if len(b) != HeaderSize {
		return Header{}, fmt.Errorf("ironfish: parse header: %d bytes, want %d", len(b), HeaderSize)
	}
	var h Header
	copy(h.Graffiti[:], b[0:32])
	h.getMiddle(b[32:172])
	h.Randomness = binary.BigEndian.Uint64(b[172:180])
	return h, nil
}
