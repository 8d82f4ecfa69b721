package ironfish

import (
	"errors"
	"math/big"
	"time"
)

// Consensus is what the retarget rule reads of a network's consensus parameters
// (chain/getConsensusParameters; SDK networks/definitions).
type Consensus struct {
	TargetBlockTimeInSeconds  int64
	TargetBucketTimeInSeconds int64
	// EnableIncreasedDifficultyChange and EnableFishHash are the sequences the upgrades
	// activate at; nil when they never do (devnet).
	EnableIncreasedDifficultyChange *int64
	EnableFishHash                  *int64
}

// active is the SDK's Consensus.isActive: at or after the upgrade's sequence.
func active(upgrade *int64, sequence int64) bool {
	return upgrade != nil && max(1, sequence) >= *upgrade
}

// ErrFishHashSwitch is CalculateDifficulty's refusal at the one sequence where the SDK
// divides the difficulty for the switch to FishHash, which this pool does not mine.
var ErrFishHashSwitch = errors.New("ironfish: the FishHash switch block has a difficulty rule this pool does not mine")

// CalculateDifficulty is the SDK's Target.calculateDifficulty: a block's difficulty from
// its timestamp t and its parent's timestamp and difficulty. Every targetBucketTime
// seconds the block comes later than targetBlockTime (rounded to the nearest bucket)
// lowers the parent's difficulty by 1/2048 of it, every bucket earlier raises it, at most
// 99 buckets down (200 after the increased-difficulty-change upgrade), never below
// MinDifficulty. A header's target must be TargetFromDifficulty of it at the header's own
// timestamp, so a pool that moves the timestamp on moves the target with it (the SDK's
// MiningPool does every 10 s).
func CalculateDifficulty(c Consensus, sequence int64, t, prevTime time.Time, prevDifficulty *big.Int) (*big.Int, error) {
	if active(c.EnableFishHash, sequence) && *c.EnableFishHash == sequence {
		return nil, ErrFishHashSwitch
	}
	if c.TargetBucketTimeInSeconds <= 0 {
		return nil, errors.New("ironfish: consensus without a target bucket time")
	}
	maxBuckets := int64(99)
	if active(c.EnableIncreasedDifficultyChange, sequence) {
		maxBuckets = 200
	}
	// JS: Math.floor((diffInSeconds - targetBlockTime + Math.floor(bucket / 2)) / bucket),
	// with diffInSeconds a fraction (milliseconds / 1000): floor of an exact rational.
	bucketMs := c.TargetBucketTimeInSeconds * 1000
	num := t.UnixMilli() - prevTime.UnixMilli() - c.TargetBlockTimeInSeconds*1000 + (c.TargetBucketTimeInSeconds/2)*1000
	bucket := num / bucketMs
	if num%bucketMs != 0 && num < 0 {
		bucket-- // floor, not truncation
	}
	bucket = min(bucket, maxBuckets)
	step := new(big.Int).Quo(prevDifficulty, big.NewInt(2048))
	d := new(big.Int).Sub(prevDifficulty, step.Mul(step, big.NewInt(bucket)))
	if d.Cmp(big.NewInt(MinDifficulty)) < 0 {
		d.SetInt64(MinDifficulty)
	}
	return d, nil
}

// CalculateTarget is the SDK's Target.calculateTarget: the target of a block at
// timestamp t on a parent with prevTime and prevTarget.
func CalculateTarget(c Consensus, sequence int64, t, prevTime time.Time, prevTarget *big.Int) (*big.Int, error) {
	d, err := CalculateDifficulty(c, sequence, t, prevTime, DifficultyFromTarget(prevTarget))
	if err != nil {
		return nil, err
	}
	return TargetFromDifficulty(d), nil
}
