package kaspa

import (
	"errors"
	"math"
	"math/big"
)

// TargetFromBits decodes kaspad's compact target bits exactly as rusty-kaspa's
// Uint256::from_compact_target_bits does in a release build (math/src/lib.rs): mantissa =
// the low 23 bits (a set sign bit 0x00800000 gives target 0), exponent = the top byte;
// target = mantissa >> 8*(3-exponent) when exponent <= 3, else mantissa << 8*(exponent-3),
// the shift taken modulo 256 and the result modulo 2^256 (Uint256's wrapping shift). The
// last two rules only matter for bits no valid block carries.
func TargetFromBits(bits uint32) *big.Int {
	exp := bits >> 24
	mant := bits & 0x00ffffff
	var shift uint
	if exp <= 3 {
		mant >>= 8 * (3 - exp)
	} else {
		shift = uint(8*(exp-3)) % 256
	}
	if mant > 0x007fffff {
		return new(big.Int)
	}
	t := new(big.Int).Lsh(big.NewInt(int64(mant)), shift)
	if t.BitLen() > 256 {
		t.And(t, maxTargetInt)
	}
	return t
}

// BitsFromTarget encodes t in compact form (rusty-kaspa Uint256::compact_target_bits): the
// top three significant bytes as mantissa, shifted down a byte when the top one would set
// the sign bit. t must be in [0, 2^256).
func BitsFromTarget(t *big.Int) uint32 {
	size := uint32((t.BitLen() + 7) / 8)
	var compact uint32
	if size <= 3 {
		compact = uint32(t.Uint64() << (8 * (3 - size)))
	} else {
		compact = uint32(new(big.Int).Rsh(t, uint(8*(size-3))).Uint64())
	}
	if compact&0x00800000 != 0 {
		compact >>= 8
		size++
	}
	return compact | size<<24
}

var (
	maxTargetInt = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	// shareDiff1Target is the target of share difficulty 1 in the stratum convention of
	// kaspa-stratum-bridge (src/kaspastratum/hasher.go): 2^224.
	shareDiff1Target = new(big.Int).Lsh(big.NewInt(1), 224)
	// minerDiff1Target is the target of difficulty 1 for tmrlvi's kaspa-miner and
	// rusty-kaspa's calculateDifficulty: 0xffff * 2^208.
	minerDiff1Target = new(big.Int).Lsh(big.NewInt(0xffff), 208)
)

// ErrDifficulty is returned for a share difficulty that is not a positive finite number.
var ErrDifficulty = errors.New("kaspa: share difficulty must be a positive finite number")

// TargetFromDifficulty converts a stratum share difficulty (what mining.set_difficulty
// sends) to the share target, the way kaspa-stratum-bridge does (DiffToTarget): target =
// 2^224 / d, the quotient rounded to 53 significant bits (big.Float at float64 precision,
// to nearest even) and then truncated to an integer. A quotient of 2^256 or more gives
// 2^256-1. A share of difficulty d is worth d * 2^32 hashes on average.
func TargetFromDifficulty(d float64) (*big.Int, error) {
	if !(d > 0) || math.IsInf(d, 1) {
		return nil, ErrDifficulty
	}
	q := new(big.Float).SetPrec(53).SetInt(shareDiff1Target)
	q.Quo(q, new(big.Float).SetPrec(53).SetFloat64(d))
	t, _ := q.Int(nil)
	if t.Cmp(maxTargetInt) > 0 {
		t.Set(maxTargetInt)
	}
	return t, nil
}

// DifficultyFromTarget is the inverse convention (kaspa-stratum-bridge BigDiffToLittle):
// 2^224 / t, rounded to the nearest float64. It is +Inf for a zero or negative t. The
// bridge's test expects about 12617.375671633985 for bits 453325233.
func DifficultyFromTarget(t *big.Int) float64 {
	if t == nil || t.Sign() <= 0 {
		return math.Inf(1)
	}
	f, _ := new(big.Rat).SetFrac(shareDiff1Target, t).Float64()
	return f
}

// DifficultyFromBits is the share difficulty of a block's target, for
// chain.HeaderTemplate.Difficulty.
func DifficultyFromBits(bits uint32) float64 { return DifficultyFromTarget(TargetFromBits(bits)) }

// MinerTarget is the target a miner following tmrlvi's kaspa-miner derives from
// mining.set_difficulty d, as rusty-kaspa's calculateDifficulty computes it
// (wasm/src/utils.rs): r = 1/d in float32, whose 24-bit integer mantissa m and exponent e
// (r = m * 2^e) give target = m * 0xffff * 2^(208+e). It is below TargetFromDifficulty(d)
// by about 1/65536, so every share such a miner sends meets the pool's share target. It
// fails where calculateDifficulty does: d not positive and finite, a 1/d that is not a
// positive finite float32, or a target of 2^256 or more.
func MinerTarget(d float64) (*big.Int, error) {
	if !(d > 0) || math.IsInf(d, 1) {
		return nil, ErrDifficulty
	}
	r := 1 / float32(d)
	if !(r > 0) || math.IsInf(float64(r), 1) {
		return nil, ErrDifficulty
	}
	m, e := float32Decode(r)
	exp := 208 + e
	if exp < 0 {
		// Rust casts the i16 sum to u64, which wraps; such a tiny target (d > ~2^100)
		// panics or garbles there too, so we refuse it.
		return nil, ErrDifficulty
	}
	t := new(big.Int).Lsh(new(big.Int).Mul(big.NewInt(int64(m)), big.NewInt(0xffff)), uint(exp))
	if t.BitLen() > 256 {
		return nil, errors.New("kaspa: miner target is too big")
	}
	return t, nil
}

// float32Decode splits a positive finite float32 into an integer mantissa and a power of
// two as Rust's integer_decode does: normal numbers get the implicit bit (m in [2^23,
// 2^24)), subnormals don't.
func float32Decode(f float32) (mant uint32, exp int) {
	b := math.Float32bits(f)
	e := int(b>>23) & 0xff
	mant = b & 0x7fffff
	if e == 0 {
		mant <<= 1
	} else {
		mant |= 0x800000
	}
	return mant, e - 150
}
