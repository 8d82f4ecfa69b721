package stratum

import (
	"math"
	"time"
)

// Vardiff rule. A connection's difficulty is judged over a window of accepted shares.
// At difficulty d a window of length T should hold e = T / TargetShareInterval shares; it
// holds n = (sum of its shares' difficulties) / d. Once the window has been open at
// least RetargetInterval, the difficulty moves when both
//
//   - n/e is outside the dead band [1/2, 2], and
//   - n is at least three standard deviations of a Poisson count from e
//     (|n - e| >= 3 sqrt(e)), so that luck alone moves it about once in a few hundred
//     decisions rather than every few minutes,
//
// to d x n/e (the difficulty at which the observed hashrate gives one share per target
// interval), by at most x4 or /4 per step, within the bounds, rounded to a power of two
// when configured. A window with less than one share counts as one: the smallest drop
// the evidence supports. Every change starts a new window; a window that has shown no
// reason to change for maxWindowShares target intervals starts afresh too, so that a
// change of hashrate is not diluted by hours of old shares.
//
// A fast miner is raised x4 every RetargetInterval; a miner that stopped finding shares
// is lowered /4 after about nine target intervals of silence.
const (
	vardiffBand     = 2  // no change while n/e is within 1/2 .. 2
	vardiffMaxStep  = 4  // at most x4 or /4 per change
	vardiffSigmas   = 3  // how unlikely under the current difficulty a count must be
	maxWindowShares = 64 // target intervals after which an uneventful window restarts
)

// vardiff is one connection's variable difficulty state. It is pure: it never reads a
// clock, so tests drive it with their own.
type vardiff struct {
	target, every time.Duration
	min, max      float64
	pow2          bool

	start time.Time // window opened
	sum   float64   // difficulty of the window's accepted shares
}

func newVardiff(cfg Config, now time.Time) vardiff {
	return vardiff{
		target: cfg.TargetShareInterval, every: cfg.RetargetInterval,
		min: cfg.MinDifficulty, max: cfg.MaxDifficulty, pow2: cfg.PowerOfTwoDifficulty,
		start: now,
	}
}

// restart opens a new window.
func (v *vardiff) restart(now time.Time) { v.start, v.sum = now, 0 }

// accepted counts an accepted share of difficulty d.
func (v *vardiff) accepted(d float64) { v.sum += d }

// retarget applies the rule at now to a connection at difficulty cur, and says whether
// the difficulty changes.
func (v *vardiff) retarget(now time.Time, cur float64) (float64, bool) {
	elapsed := now.Sub(v.start)
	if elapsed < v.every || elapsed <= 0 {
		return cur, false
	}
	due := elapsed.Seconds() / v.target.Seconds()
	seen := v.sum / cur
	ratio := math.Max(seen, 1) / due
	significant := math.Abs(seen-due) >= vardiffSigmas*math.Sqrt(due)
	if !significant || (ratio >= 1.0/vardiffBand && ratio <= vardiffBand) {
		if due >= maxWindowShares {
			v.restart(now)
		}
		return cur, false
	}
	v.restart(now)
	ratio = math.Min(math.Max(ratio, 1.0/vardiffMaxStep), vardiffMaxStep)
	next := v.fit(cur * ratio)
	return next, next != cur
}

// fit clamps d to the bounds and, when configured, to the nearest power of two within
// them.
func (v *vardiff) fit(d float64) float64 {
	if math.IsNaN(d) {
		d = v.min
	}
	d = math.Min(math.Max(d, v.min), v.max)
	if !v.pow2 {
		return d
	}
	p := math.Exp2(math.Round(math.Log2(d)))
	if p > v.max {
		p = math.Exp2(math.Floor(math.Log2(v.max)))
	}
	if p < v.min {
		p = math.Exp2(math.Ceil(math.Log2(v.min)))
	}
	if p < v.min || p > v.max {
		return d
	}
	return p
}
