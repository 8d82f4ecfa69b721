package alert

import (
	"math"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/pool"
)

// Figures are what the job measured of a worker at one time (docs/alerts.md "Detection").
type Figures struct {
	// Average is the 24-hour average hashrate in H/s (over the worker's age when it is
	// younger than a day); 0 without an accepted share in the window.
	Average float64
	// Interval is the expected time between two accepted shares: the mean share difficulty
	// x hashes per difficulty / the worker's hashrate while it hashed (the day window up to
	// its last share). 0 when unknown.
	Interval time.Duration
	// Threshold is how long the worker may go without an accepted share before it is
	// offline: the longer of the minimum and ShareIntervals expected intervals.
	Threshold time.Duration
	Quiet     time.Duration // since the last accepted share
	Down      bool          // quiet for longer than Threshold
	// Judged says whether the hashrate can be told from luck: enough history and enough
	// expected shares in a window; then Recent (H/s over Window) and Percent of Average.
	Judged  bool
	Window  time.Duration
	Recent  float64
	Percent int
}

// Measure works out w's figures at now under algo, with minOffline the shortest threshold.
func Measure(w pool.AlertWorker, algo string, minOffline time.Duration, now time.Time) Figures {
	f := Figures{Threshold: minOffline}
	perDiff := chain.HashesPerDifficulty(algo)
	age := min(pool.DayWindow, now.Sub(time.UnixMilli(w.FirstSeenAt)))
	// The sums are per whole minute, over the day window that ends with the last whole
	// minute: a young worker's span is its age in those minutes (at least one).
	end := now.Truncate(time.Minute)
	start := time.UnixMilli(w.FirstSeenAt).Truncate(time.Minute)
	if dayStart := end.Add(-pool.DayWindow); start.Before(dayStart) {
		start = dayStart
	}
	span := max(end.Sub(start), time.Minute)
	// The share interval is the worker's while it hashed: up to the minute of its last
	// share, so a stopped worker's threshold does not grow with its silence.
	alive := span
	if w.LastShareAt > 0 {
		last := time.UnixMilli(w.LastShareAt).Truncate(time.Minute).Add(time.Minute)
		alive = max(min(end.Sub(start), last.Sub(start)), time.Minute)
	}
	if w.DayAccepted > 0 && w.DayDiff > 0 {
		f.Average = w.DayDiff * perDiff / span.Seconds()
		meanDiff := w.DayDiff / float64(w.DayAccepted)
		hashing := w.DayDiff * perDiff / alive.Seconds()
		f.Interval = time.Duration(meanDiff * perDiff / hashing * float64(time.Second))
		f.Threshold = max(minOffline, ShareIntervals*f.Interval)
	}
	if w.LastShareAt > 0 {
		f.Quiet = now.Sub(time.UnixMilli(w.LastShareAt))
		f.Down = f.Quiet > f.Threshold
	}
	if f.Interval <= 0 || age < MinHistory {
		return f
	}
	pick := -1
	for i, win := range pool.AlertWindows {
		if win*2 > age {
			break
		}
		expected := float64(win) / float64(f.Interval)
		if expected >= WantShares {
			pick = i
			break
		}
		if expected >= MinShares {
			pick = i // the longest that is good enough, unless a later one is ideal
		}
	}
	if pick < 0 || pick >= len(w.Recent) {
		return f
	}
	f.Judged = true
	f.Window = pool.AlertWindows[pick]
	f.Recent = w.Recent[pick].Diff * perDiff / f.Window.Seconds()
	f.Percent = int(math.Round(f.Recent / f.Average * 100))
	return f
}

// step is one watch's next state and the event the change makes ("" for none).
type step struct {
	state string
	since int64
	event string
}

// nextOffline moves a worker's offline watch on. state "" is a worker seen the first
// time: it starts ok, or muted when already down. Recovery is an accepted share after the
// one the alert was about.
func nextOffline(state string, since int64, w pool.AlertWorker, f Figures) step {
	switch state {
	case "":
		if f.Down {
			return step{state: stateMuted, since: w.LastShareAt}
		}
		return step{state: stateOK, since: w.LastShareAt}
	case stateOK:
		if f.Down {
			return step{state: stateAlerted, since: w.LastShareAt, event: KindOffline}
		}
	case stateAlerted:
		if w.LastShareAt > since {
			return step{state: stateOK, since: w.LastShareAt, event: KindOnline}
		}
	case stateMuted:
		if w.LastShareAt > since {
			return step{state: stateOK, since: w.LastShareAt}
		}
	}
	return step{state: state, since: since}
}

// nextHashrate moves a worker's hashrate watch on with percent the alert line. It starts
// only once the hashrate can be judged (muted when already low); it alerts below the line
// and recovers at RecoverMargin points above it (at most 100%). A worker that is down, has
// gone quiet for QuietIntervals, or whose offline watch is not ok or changed within the
// window (it just came back, and its window is still part empty) is left to the offline
// alert.
func nextHashrate(state string, since int64, f Figures, percent int, offline string, offlineChanged int64, now time.Time) step {
	if !f.Judged {
		return step{state: state, since: since}
	}
	back := min(percent+RecoverMargin, 100)
	settling := f.Down || f.Quiet > QuietIntervals*f.Interval || offline != stateOK ||
		offlineChanged > now.Add(-f.Window).UnixMilli()
	ms := now.UnixMilli()
	switch state {
	case "":
		if f.Percent < percent {
			return step{state: stateMuted, since: ms}
		}
		return step{state: stateOK, since: ms}
	case stateOK:
		if f.Percent < percent && !settling {
			return step{state: stateAlerted, since: ms, event: KindHashrateLow}
		}
	case stateAlerted:
		if f.Percent >= back {
			return step{state: stateOK, since: ms, event: KindHashrateBack}
		}
	case stateMuted:
		if f.Percent >= back {
			return step{state: stateOK, since: ms}
		}
	}
	return step{state: state, since: since}
}
