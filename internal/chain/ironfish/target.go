package ironfish

import (
	"math"
	"math/big"
)

// MinDifficulty is the lowest difficulty IronFish knows: the network's floor for blocks,
// and the floor its pool puts under its share difficulty.
const MinDifficulty = 131072

// HashesPerDifficulty is the average number of hashes a share of difficulty 1 takes:
// difficulty d means target 2^256/d, which a hash meets with probability about 1/d. So a
// miner's hashrate is sum(share difficulty) / seconds, as the SDK's pool estimates it.
const HashesPerDifficulty = 1.0

var (
	two256    = new(big.Int).Lsh(big.NewInt(1), 256)
	max256    = new(big.Int).Sub(two256, big.NewInt(1))
	maxTarget = new(big.Int).Lsh(big.NewInt(1), 256-17) // 2^256 / MinDifficulty
)

// MaxTarget is the easiest target a block can have: 2^256 / MinDifficulty = 2^239.
func MaxTarget() *big.Int { return new(big.Int).Set(maxTarget) }

// TargetFromDifficulty is the SDK's Target.fromDifficulty: 2^256 / difficulty in integer
// division, and MaxTarget for any difficulty at or below MinDifficulty (nil counts as 0).
func TargetFromDifficulty(difficulty *big.Int) *big.Int {
	if difficulty == nil || difficulty.Cmp(big.NewInt(MinDifficulty)) <= 0 {
		return MaxTarget()
	}
	return new(big.Int).Quo(two256, difficulty)
}

// DifficultyFromTarget is the SDK's Target.toDifficulty: 2^256 / target in integer
// division, and 2^256-1 for a target at or below 1 (nil counts as 0).
func DifficultyFromTarget(target *big.Int) *big.Int {
	if target == nil || target.Cmp(big.NewInt(1)) <= 0 {
		return new(big.Int).Set(max256)
	}
	return new(big.Int).Quo(two256, target)
}

// ShareTarget is the target of a share difficulty in the IronFish pool's convention: the
// pool sends Target.fromDifficulty(poolDifficulty) in mining.set_target, so a difficulty
// at or below MinDifficulty (or NaN) gives MaxTarget and any other d gives
// floor(2^256 / d). d may have a fraction (vardiff): the quotient is still exact, since a
// float64 is m*2^e with integers m and e; for a whole d it is exactly the SDK's. +Inf gives
// 0.
func ShareTarget(d float64) *big.Int {
	if math.IsNaN(d) || d <= MinDifficulty {
		return MaxTarget()
	}
	if math.IsInf(d, 1) {
		return new(big.Int)
	}
	frac, exp := math.Frexp(d) // d = frac * 2^exp, 0.5 <= frac < 1
	m := int64(frac * (1 << 53))
	e := exp - 53 // d = m * 2^e exactly
	shift := 256 - e
	if shift < 0 {
		return new(big.Int)
	}
	num := new(big.Int).Lsh(big.NewInt(1), uint(shift))
	return num.Quo(num, big.NewInt(m))
}

// ShareDifficulty is the difficulty of target in the same convention, as a float64: the
// SDK's Target.toDifficulty rounded to the nearest float64 (what Number() of it gives).
func ShareDifficulty(target *big.Int) float64 {
	f, _ := new(big.Float).SetInt(DifficultyFromTarget(target)).Float64()
	return f
}

// TargetBytes is target as the 32 big-endian bytes that headers carry and
// mining.set_target sends (in hex): 0 for a nil or negative target, 2^256-1 for one past
// it.
func TargetBytes(target *big.Int) [32]byte {
	var b [32]byte
	switch {
	case target == nil || target.Sign() <= 0:
	case target.BitLen() > 256:
		for i := range b {
			b[i] = 0xff
		}
	default:
		target.FillBytes(b[:])
	}
	return b
}
