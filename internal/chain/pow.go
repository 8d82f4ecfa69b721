package chain

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"

	"golang.org/x/crypto/scrypt"
)

// Proof-of-work algorithms.
const (
	// SHA256d is Bitcoin's double SHA-256 of the header.
	SHA256d = "sha256d"
	// Scrypt is Litecoin's scrypt(N=1024, r=1, p=1) of the header, salted with itself.
	Scrypt = "scrypt"
)

// Difficulty-1 targets in the convention stratum miners use: a share of difficulty 1 takes
// 2^32 hashes on average for sha256d (target 0x00000000FFFF0000...) and 2^16 for scrypt
// (target 0x0000FFFF0000...).
var (
	diff1SHA256d = new(big.Int).Lsh(big.NewInt(0xFFFF), 208)
	diff1Scrypt  = new(big.Int).Lsh(big.NewInt(0xFFFF), 224)
	maxTarget    = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
)

// diff1 returns a fresh copy, so callers may change it.
func diff1(algo string) *big.Int {
	if algo == Scrypt {
		return new(big.Int).Set(diff1Scrypt)
	}
	return new(big.Int).Set(diff1SHA256d)
}

// ValidAlgorithm tells whether algo is one this package hashes.
func ValidAlgorithm(algo string) bool { return algo == SHA256d || algo == Scrypt }

// HashesPerDifficulty is the average number of hashes a share of difficulty 1 takes: 2^32
// for sha256d and 2^16 for scrypt (any other algorithm is counted like sha256d: the
// IronFish and Kaspa dialects put difficulty 1 at 2^32 hashes too, stratum's
// IronFishShareTarget and chain/kaspa's TargetFromDifficulty). Hashrate is then
// sum(share difficulty) x HashesPerDifficulty / seconds.
func HashesPerDifficulty(algo string) float64 {
	if algo == Scrypt {
		return 1 << 16
	}
	return 1 << 32
}

// DoubleSHA256 is SHA-256 applied twice.
func DoubleSHA256(b []byte) Hash {
	first := sha256.Sum256(b)
	return sha256.Sum256(first[:])
}

// PowHash is the proof-of-work hash of an 80-byte header under algo.
func PowHash(algo string, header []byte) (Hash, error) {
	if len(header) != HeaderSize {
		return Hash{}, fmt.Errorf("chain: pow hash: header is %d bytes, want %d", len(header), HeaderSize)
	}
	switch algo {
	case SHA256d:
		return DoubleSHA256(header), nil
	case Scrypt:
		k, err := scrypt.Key(header, header, 1024, 1, 1, 32)
		if err != nil {
			return Hash{}, fmt.Errorf("chain: pow hash: scrypt: %w", err)
		}
		var h Hash
		copy(h[:], k)
		return h, nil
	default:
		return Hash{}, fmt.Errorf("chain: pow hash: unknown algorithm %q", algo)
	}
}

// HashToBig reads h as a little-endian 256-bit number, the way proof of work compares it.
func HashToBig(h Hash) *big.Int {
	var r [32]byte
	for i := range h {
		r[i] = h[31-i]
	}
	return new(big.Int).SetBytes(r[:])
}

// HashMeetsTarget tells whether h, read as a little-endian number, is at most target.
func HashMeetsTarget(h Hash, target *big.Int) bool {
	if target == nil || target.Sign() <= 0 {
		return false
	}
	return HashToBig(h).Cmp(target) <= 0
}

// CompactToTarget expands the compact "bits" form of a target. A negative or overflowing
// compact value gives 0, a target no hash meets.
func CompactToTarget(bits uint32) *big.Int {
	exp := uint(bits >> 24)
	mant := int64(bits & 0x007fffff)
	if bits&0x00800000 != 0 && mant != 0 {
		return new(big.Int)
	}
	t := big.NewInt(mant)
	if exp <= 3 {
		t.Rsh(t, 8*(3-exp))
	} else {
		t.Lsh(t, 8*(exp-3))
	}
	if t.Cmp(maxTarget) > 0 {
		return new(big.Int)
	}
	return t
}

// TargetToCompact is the compact "bits" form of a non-negative target (rounded down to the
// 3-byte mantissa, as nodes do).
func TargetToCompact(target *big.Int) uint32 {
	if target == nil || target.Sign() <= 0 {
		return 0
	}
	size := uint((target.BitLen() + 7) / 8)
	var mant uint64
	if size <= 3 {
		mant = target.Uint64() << (8 * (3 - size))
	} else {
		mant = new(big.Int).Rsh(target, 8*(size-3)).Uint64()
	}
	// The mantissa's top bit is a sign bit: move to a larger exponent instead.
	if mant&0x00800000 != 0 {
		mant >>= 8
		size++
	}
	return uint32(size)<<24 | uint32(mant)
}

// TargetToDifficulty is the share difficulty of target under algo: diff-1 target / target,
// with diff-1 0x00000000FFFF0000...0000 for sha256d and 0x0000FFFF0000...0000 for scrypt.
func TargetToDifficulty(target *big.Int, algo string) float64 {
	if target == nil || target.Sign() <= 0 {
		return math.Inf(1)
	}
	q := new(big.Float).SetPrec(128).SetInt(diff1(algo))
	q.Quo(q, new(big.Float).SetPrec(128).SetInt(target))
	f, _ := q.Float64()
	return f
}

// DifficultyToTarget is the target of a share difficulty under algo: diff-1 target / diff,
// at most 2^256-1. A difficulty that is not a positive number gives 2^256-1, the easiest.
func DifficultyToTarget(diff float64, algo string) *big.Int {
	if !(diff > 0) || math.IsInf(diff, 0) {
		if math.IsInf(diff, 1) {
			return new(big.Int)
		}
		return new(big.Int).Set(maxTarget)
	}
	q := new(big.Float).SetPrec(256).SetInt(diff1(algo))
	q.Quo(q, new(big.Float).SetPrec(256).SetFloat64(diff))
	t, _ := q.Int(nil)
	if t.Cmp(maxTarget) > 0 {
		return new(big.Int).Set(maxTarget)
	}
	return t
}

// Target256 is a target as four 64-bit words, most significant first: what a hash is
// compared with on every share, without the allocations and the arithmetic of big.Int
// (rebuilding a share's target and comparing as big numbers was a fifth of a pool's
// CPU per share).
type Target256 [4]uint64

// TargetFromBig is t as a Target256; a negative target gives zero (no hash meets it) and
// one past 2^256-1 gives 2^256-1.
func TargetFromBig(t *big.Int) Target256 {
	var out Target256
	if t == nil || t.Sign() <= 0 {
		return out
	}
	if t.Cmp(maxTarget) > 0 {
		t = maxTarget
	}
	var b [32]byte
	t.FillBytes(b[:])
	for i := range out {
		out[i] = binary.BigEndian.Uint64(b[8*i:])
	}
	return out
}

// Meets tells whether h, read as a little-endian number, is at most t: HashMeetsTarget
// without big.Int.
func (t Target256) Meets(h Hash) bool {
	if t == (Target256{}) {
		return false // as HashMeetsTarget: a zero target is met by nothing
	}
	for i := range t {
		w := binary.LittleEndian.Uint64(h[24-8*i:])
		if w != t[i] {
			return w < t[i]
		}
	}
	return true
}

// HashDifficultyFloat is the difficulty a hash achieves under algo, diff-1 target / hash,
// in float64 arithmetic (within a few units in the last place of the exact quotient); a
// zero hash gives 0.
func HashDifficultyFloat(h Hash, algo string) float64 {
	var v float64
	for i := 0; i < 4; i++ {
		v = v*0x1p64 + float64(binary.LittleEndian.Uint64(h[24-8*i:]))
	}
	if v == 0 {
		return 0
	}
	one := 0xFFFF * 0x1p208 // sha256d's difficulty-1 target
	if algo == Scrypt {
		one = 0xFFFF * 0x1p224
	}
	return one / v
}
