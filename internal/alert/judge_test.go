package alert

import (
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/pool"
)

var t0 = time.Date(2026, 11, 25, 8, 0, 30, 0, time.UTC)

// steady is a worker a day old that sent perMinute shares of difficulty diff every minute
// of the day, the last one at lastShare.
func steady(perMinute int64, diff float64, lastShare time.Time) pool.AlertWorker {
	w := pool.AlertWorker{DeviceID: 1, SubAccountID: 1, SubAccount: "farm", Coin: "BTC", Worker: "farm.rig1",
		FirstSeenAt: t0.Add(-24 * time.Hour).UnixMilli(), LastShareAt: lastShare.UnixMilli(),
		DayDiff: float64(perMinute) * diff * 1440, DayAccepted: perMinute * 1440}
	for _, win := range pool.AlertWindows {
		n := perMinute * int64(win/time.Minute)
		w.Recent = append(w.Recent, pool.WindowSum{Diff: float64(n) * diff, Accepted: n})
	}
	return w
}

// The threshold is the longer of the minimum and five expected share intervals, where the
// interval is the mean share difficulty x 2^32 (sha256d) or 2^16 (scrypt) over the 24 h
// average hashrate.
func TestThreshold(t *testing.T) {
	for _, tc := range []struct {
		name      string
		algo      string
		perMinute int64
		every     int // minutes between shares, for slow workers
		diff      float64
		interval  time.Duration
		threshold time.Duration
	}{
		{"a share every 10 s", "sha256d", 6, 1, 0.5, 10 * time.Second, 10 * time.Minute},
		{"a share a minute", "sha256d", 1, 1, 2, time.Minute, 10 * time.Minute},
		{"a share every 5 minutes", "sha256d", 1, 5, 8, 5 * time.Minute, 25 * time.Minute},
		{"scrypt, a share every 3 minutes", "scrypt", 1, 3, 4096, 3 * time.Minute, 15 * time.Minute},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := steady(tc.perMinute, tc.diff, t0)
			w.DayAccepted /= int64(tc.every)
			w.DayDiff /= float64(tc.every)
			f := Measure(w, tc.algo, DefaultMinOffline, t0)
			perDiff := math.Exp2(32)
			if tc.algo == "scrypt" {
				perDiff = math.Exp2(16)
			}
			wantAvg := w.DayDiff * perDiff / 86400
			if math.Abs(f.Average-wantAvg) > wantAvg*1e-9 {
				t.Errorf("average %g, want %g", f.Average, wantAvg)
			}
			// share difficulty x factor / hashrate, written out.
			manual := time.Duration(w.DayDiff / float64(w.DayAccepted) * perDiff / wantAvg * float64(time.Second))
			if d := f.Interval - tc.interval; d > time.Millisecond || d < -time.Millisecond || (manual-f.Interval).Abs() > time.Millisecond {
				t.Errorf("interval %s, want %s (by hand %s)", f.Interval, tc.interval, manual)
			}
			if d := (f.Threshold - tc.threshold).Abs(); d > 10*time.Millisecond {
				t.Errorf("threshold %s, want %s", f.Threshold, tc.threshold)
			}
			if f.Down {
				t.Error("down with a share just now")
			}
			// The rig stops at t0: later, the day window holds its shares up to t0 only, and the
			// threshold stays what it was.
			later := func(at time.Time) pool.AlertWorker {
				g := w
				mins := t0.Truncate(time.Minute).Add(time.Minute).Sub(at.Truncate(time.Minute).Add(-24 * time.Hour)).Minutes()
				g.DayAccepted = int64(float64(tc.perMinute) / float64(tc.every) * mins)
				g.DayDiff = float64(g.DayAccepted) * tc.diff
				return g
			}
			// (The sums are per minute: the threshold is known to within one.)
			before, after := t0.Add(tc.threshold-time.Second), t0.Add(tc.threshold+time.Minute)
			if g := Measure(later(before), tc.algo, DefaultMinOffline, before); g.Down {
				t.Errorf("down after %s, before the threshold %s", tc.threshold-time.Second, g.Threshold)
			}
			if g := Measure(later(after), tc.algo, DefaultMinOffline, after); !g.Down {
				t.Errorf("not down after %s (threshold %s)", tc.threshold+time.Minute, g.Threshold)
			}
		})
	}
	// The minimum is the operator's (--alert-min-offline).
	if f := Measure(steady(6, 1, t0), "sha256d", 2*time.Minute, t0); f.Threshold != 2*time.Minute {
		t.Errorf("threshold with a 2-minute minimum: %s", f.Threshold)
	}
	// No share in the day: the minimum, and nothing to judge a hashrate by.
	w := steady(6, 1, t0.Add(-25*time.Hour))
	w.DayAccepted, w.DayDiff = 0, 0
	if f := Measure(w, "sha256d", DefaultMinOffline, t0); f.Threshold != DefaultMinOffline || !f.Down || f.Judged {
		t.Errorf("a worker quiet for a day: %+v", f)
	}
}

// One outage is one alert and one recovery, however many times the job looks.
func TestOfflineHysteresis(t *testing.T) {
	last := t0
	state, since := "", int64(0)
	var events []string
	look := func(at time.Time) {
		w := steady(6, 1, last)
		s := nextOffline(state, since, w, Measure(w, "sha256d", DefaultMinOffline, at))
		state, since = s.state, s.since
		if s.event != "" {
			events = append(events, s.event)
		}
	}
	look(t0)
	if state != stateOK {
		t.Fatalf("first look at a live worker: %s", state)
	}
	for m := 1; m <= 60; m++ { // the rig stops at t0; the job looks every minute for an hour
		look(t0.Add(time.Duration(m) * time.Minute))
		if m == 10 && len(events) != 0 {
			t.Fatalf("alerted at 10 minutes: %v", events)
		}
	}
	last = t0.Add(61 * time.Minute) // it comes back
	for m := 61; m <= 70; m++ {
		look(t0.Add(time.Duration(m)*time.Minute + 10*time.Second))
		last = last.Add(time.Minute)
	}
	if len(events) != 2 || events[0] != KindOffline || events[1] != KindOnline {
		t.Fatalf("events %v, want one offline and one online", events)
	}

	// A worker already down when first seen (alerts just turned on) is muted: no alert,
	// and no recovery for that outage; the next outage alerts.
	w := steady(6, 1, t0)
	s := nextOffline("", 0, w, Measure(w, "sha256d", DefaultMinOffline, t0.Add(time.Hour)))
	if s.state != stateMuted || s.event != "" {
		t.Fatalf("first look at a quiet worker: %+v", s)
	}
	w.LastShareAt = t0.Add(61 * time.Minute).UnixMilli()
	s = nextOffline(s.state, s.since, w, Measure(w, "sha256d", DefaultMinOffline, t0.Add(61*time.Minute)))
	if s.state != stateOK || s.event != "" {
		t.Fatalf("a muted worker back: %+v", s)
	}
	s = nextOffline(s.state, s.since, w, Measure(w, "sha256d", DefaultMinOffline, t0.Add(72*time.Minute)))
	if s.state != stateAlerted || s.event != KindOffline || s.since != w.LastShareAt {
		t.Fatalf("its next outage: %+v", s)
	}
}

// The hashrate alerts below the chosen share of the 24 h average and recovers only
// RecoverMargin points above it; a quiet worker, one that is down or one that has just come
// back is left to the offline alert.
func TestHashrateHysteresis(t *testing.T) {
	at := func(percent int) (pool.AlertWorker, Figures) {
		w := steady(6, 1, t0)
		for i := range w.Recent {
			w.Recent[i].Diff = w.Recent[i].Diff * float64(percent) / 100
		}
		return w, Measure(w, "sha256d", DefaultMinOffline, t0)
	}
	_, f := at(100)
	if !f.Judged || f.Window != 15*time.Minute || f.Percent != 100 {
		t.Fatalf("a steady worker: %+v", f)
	}
	longAgo := t0.Add(-time.Hour).UnixMilli()
	state, since := stateOK, int64(0)
	var events []string
	for _, p := range []int{100, 90, 69, 60, 75, 79, 69, 80, 75, 69} {
		_, f := at(p)
		s := nextHashrate(state, since, f, 70, stateOK, longAgo, t0)
		if s.event != "" {
			events = append(events, s.event+"@"+strconv.Itoa(p))
		}
		state, since = s.state, s.since
	}
	want := []string{"hashrateLow@69", "hashrateBack@80", "hashrateLow@69"}
	if len(events) != len(want) {
		t.Fatalf("events %v, want %v", events, want)
	}
	for i := range want {
		if events[i] != want[i] {
			t.Fatalf("events %v, want %v", events, want)
		}
	}

	// Left to the offline alert: down, quiet for three intervals, offline not ok, or back
	// within the window.
	_, low := at(30)
	quiet := low
	quiet.Quiet = 31 * time.Second
	for name, s := range map[string]step{
		"quiet":         nextHashrate(stateOK, 0, quiet, 70, stateOK, longAgo, t0),
		"offline alert": nextHashrate(stateOK, 0, low, 70, stateAlerted, longAgo, t0),
		"just back":     nextHashrate(stateOK, 0, low, 70, stateOK, t0.Add(-5*time.Minute).UnixMilli(), t0),
	} {
		if s.event != "" || s.state != stateOK {
			t.Errorf("%s: %+v", name, s)
		}
	}
	// First seen low: muted, no alert.
	if s := nextHashrate("", 0, low, 70, stateOK, longAgo, t0); s.state != stateMuted || s.event != "" {
		t.Errorf("first seen low: %+v", s)
	}
	// A young worker is not judged (its average rests on less than MinHistory).
	w := steady(6, 1, t0)
	w.FirstSeenAt = t0.Add(-40 * time.Minute).UnixMilli()
	if f := Measure(w, "sha256d", DefaultMinOffline, t0); f.Judged {
		t.Errorf("a 40-minute-old worker judged: %+v", f)
	}
	// A slow worker (a share every 2 minutes) needs a longer window: an hour expects 30.
	slow := steady(1, 1, t0)
	slow.DayAccepted, slow.DayDiff = 720, 720
	for i, win := range pool.AlertWindows {
		slow.Recent[i] = pool.WindowSum{Diff: win.Minutes() / 2, Accepted: int64(win.Minutes() / 2)}
	}
	if f := Measure(slow, "sha256d", DefaultMinOffline, t0); !f.Judged || f.Window != 3*time.Hour || f.Percent != 100 {
		t.Errorf("a share every 2 minutes: %+v", f)
	}
	slower := steady(1, 1, t0)
	slower.DayAccepted, slower.DayDiff = 96, 96 // every 15 minutes: 12 in 3 hours, too few
	if f := Measure(slower, "sha256d", DefaultMinOffline, t0); f.Judged {
		t.Errorf("a share every 15 minutes judged: %+v", f)
	}
}
