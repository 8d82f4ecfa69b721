package stratum

import (
	"math"
	"time"
)

// Vardiff rule. A connection's difficulty is judged over a window of accepted shares.
// Once the window has been open RetargetInterval, and either holds minVardiffShares
// shares or has been open minVardiffShares target intervals (so that a handful of lucky
// or unlucky shares does not swing it), the ideal difficulty is
//
//	ideal = sum of the window's share difficulties x TargetShareInterval / window length
//
// which is the difficulty at which the observed hashrate would give one share per target
// interval. Inside the dead band [current/2, current*2] nothing changes; outside it the
// difficulty moves to ideal, by at most x4 or /4 per step, within the bounds, rounded to
// a power of two when configured. Every decision starts a new window. A window without
// any share only proves the interval is at least its length, so ideal is computed as if
// one share had just arrived: the smallest drop the evidence supports.
const (
	minVardiffShares = 4
	vardiffBand      = 2 // no change while ideal is within current/2 .. current*2
	vardiffMaxStep   = 4 // at most x4 or /4 per decision
)

// vardiff is one connection's variable difficulty state. It is pure: it never reads a
// clock, so tests drive it with their own.
type vardiff struct {
	target, every time.Duration
	min, max      float64
	pow2          bool

	start time.Time // window opened
	sum   float64   // difficulty of the window's accepted shares
	n     int       // accepted shares in the window
}

func newVardiff(cfg Config, now time.Time) vardiff {
	return vardiff{
		target: cfg.TargetShareInterval, every: cfg.RetargetInterval,
		min: cfg.MinDifficulty, max: cfg.MaxDifficulty, pow2: cfg.PowerOfTwoDifficulty,
		start: now,
	}
}

// restart opens a new window.
func (v *vardiff) restart(now time.Time) { v.start, v.sum, v.n = now, 0, 0 }

// accepted counts an accepted share of difficulty d.
func (v *vardiff) accepted(d float64) { v.sum += d; v.n++ }

// retarget applies the rule at now to a connection at difficulty cur, and says whether
// the difficulty changes.
func (v *vardiff) retarget(now time.Time, cur float64) (float64, bool) {
	elapsed := now.Sub(v.start)
	if elapsed < v.every || elapsed <= 0 {
		return cur, false
	}
	if v.n < minVardiffShares && elapsed < minVardiffShares*v.target {
		return cur, false
	}
	sum := v.sum
	if v.n == 0 {
		sum = cur
	}
	ideal := sum * v.target.Seconds() / elapsed.Seconds()
	v.restart(now)
	ratio := ideal / cur
	if ratio >= 1.0/vardiffBand && ratio <= vardiffBand {
		return cur, false
	}
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
