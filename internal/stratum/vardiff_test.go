package stratum

import (
	"math"
	"testing"
	"time"
)

// miner is a simulated device: at difficulty d it finds ideal/d shares per target
// interval, where ideal is the difficulty that would give exactly one.
type miner struct {
	ideal float64
	owed  float64 // fraction of a share carried to the next second
}

// run advances the clock one second at a time for dur, feeding shares to v, and returns
// the difficulties v moved through.
func (m *miner) run(v *vardiff, clock *fakeClock, d float64, dur time.Duration) []float64 {
	var path []float64
	for t := time.Duration(0); t < dur; t += time.Second {
		clock.Advance(time.Second)
		m.owed += m.ideal / d / v.target.Seconds()
		for ; m.owed >= 1; m.owed-- {
			v.accepted(d)
		}
		if next, changed := v.retarget(clock.Now(), d); changed {
			d = next
			path = append(path, d)
		}
	}
	return path
}

func testVardiff(clock *fakeClock, cfg Config) *vardiff {
	cfg = cfg.withDefaults()
	v := newVardiff(cfg, clock.Now())
	return &v
}

func TestVardiffConverges(t *testing.T) {
	for _, c := range []struct {
		name  string
		cfg   Config
		start float64
		ideal float64
	}{
		{"up from 1", Config{}, 1, 1000},
		{"down from 65536", Config{}, 65536, 3},
		{"up in powers of two", Config{PowerOfTwoDifficulty: true}, 1, 100_000},
		{"down in powers of two", Config{PowerOfTwoDifficulty: true}, 1 << 20, 700},
	} {
		t.Run(c.name, func(t *testing.T) {
			clock := newFakeClock()
			v := testVardiff(clock, c.cfg)
			m := &miner{ideal: c.ideal}
			path := m.run(v, clock, c.start, time.Hour)
			if len(path) == 0 {
				t.Fatal("never retargeted")
			}
			prev := c.start
			for _, d := range path {
				if r := d / prev; r > vardiffMaxStep+1e-9 || r < 1/vardiffMaxStep-1e-9 {
					t.Errorf("step %v -> %v is more than x4 or /4", prev, d)
				}
				if c.cfg.PowerOfTwoDifficulty && math.Exp2(math.Round(math.Log2(d))) != d {
					t.Errorf("difficulty %v is not a power of two", d)
				}
				prev = d
			}
			final := path[len(path)-1]
			if final < c.ideal/2 || final > c.ideal*2 {
				t.Errorf("settled at %v, want within 2x of %v (path %v)", final, c.ideal, path)
			}
			if len(path) > 8 {
				t.Errorf("%d changes for a steady miner: %v", len(path), path)
			}
			// Settled means settled: another hour at the same hashrate changes nothing.
			if more := m.run(v, clock, final, time.Hour); len(more) != 0 {
				t.Errorf("kept moving after settling at %v: %v", final, more)
			}
		})
	}
}

func TestVardiffBounds(t *testing.T) {
	clock := newFakeClock()
	v := testVardiff(clock, Config{MinDifficulty: 0.5, MaxDifficulty: 100})
	if path := (&miner{ideal: 1e4}).run(v, clock, 1, time.Hour); path[len(path)-1] != 100 {
		t.Errorf("fast miner: %v, want to stop at the maximum 100", path)
	}
	if path := (&miner{ideal: 1e-6}).run(v, clock, 100, time.Hour); path[len(path)-1] != 0.5 {
		t.Errorf("slow miner: %v, want to stop at the minimum 0.5", path)
	}
	v = testVardiff(clock, Config{MinDifficulty: 3, MaxDifficulty: 100, InitialDifficulty: 3, PowerOfTwoDifficulty: true})
	if path := (&miner{ideal: 1e4}).run(v, clock, 4, time.Hour); path[len(path)-1] != 64 {
		t.Errorf("powers of two under a maximum of 100: %v, want 64", path)
	}
	for _, c := range []struct{ in, want float64 }{{1, 4}, {5, 4}, {6.5, 8}, {1000, 64}, {math.NaN(), 4}} {
		if got := v.fit(c.in); got != c.want {
			t.Errorf("fit(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestVardiffRules(t *testing.T) {
	clock := newFakeClock()
	cfg := Config{TargetShareInterval: 10 * time.Second, RetargetInterval: 30 * time.Second}
	t.Run("not before RetargetInterval", func(t *testing.T) {
		v := testVardiff(clock, cfg)
		for range 100 {
			v.accepted(1)
		}
		clock.Advance(29 * time.Second)
		if _, changed := v.retarget(clock.Now(), 1); changed {
			t.Fatal("changed before RetargetInterval")
		}
		clock.Advance(time.Second)
		if d, changed := v.retarget(clock.Now(), 1); !changed || d != 4 {
			t.Fatalf("after RetargetInterval: %v %v, want 4", d, changed)
		}
	})
	t.Run("few shares wait for more evidence", func(t *testing.T) {
		v := testVardiff(clock, cfg)
		v.accepted(1) // one share in 30 s where three were due: could be bad luck
		for range 10 {
			clock.Advance(10 * time.Second)
			if _, changed := v.retarget(clock.Now(), 1); changed {
				t.Fatalf("one share in %v decided a change", clock.Now().Sub(v.start))
			}
		}
		clock.Advance(10 * time.Second) // 110 s: eleven due, one seen
		if d, changed := v.retarget(clock.Now(), 1); !changed || d != 0.25 {
			t.Fatalf("one share in 110 s: %v %v, want 0.25", d, changed)
		}
	})
	t.Run("silence lowers after nine intervals", func(t *testing.T) {
		v := testVardiff(clock, cfg)
		clock.Advance(80 * time.Second)
		if _, changed := v.retarget(clock.Now(), 64); changed {
			t.Fatal("lowered after 80 s of silence")
		}
		clock.Advance(10 * time.Second)
		if d, changed := v.retarget(clock.Now(), 64); !changed || d != 16 {
			t.Fatalf("no share in 90 s: %v %v, want 16", d, changed)
		}
	})
	t.Run("dead band", func(t *testing.T) {
		v := testVardiff(clock, cfg)
		for range 100 { // 100 shares in 600 s, where 60 were due: not luck, but within 2x
			v.accepted(8)
		}
		clock.Advance(600 * time.Second)
		if _, changed := v.retarget(clock.Now(), 8); changed {
			t.Fatal("changed inside the dead band")
		}
	})
	t.Run("uneventful window restarts", func(t *testing.T) {
		v := testVardiff(clock, cfg)
		start := v.start
		for range 64 {
			v.accepted(1)
		}
		clock.Advance(640 * time.Second)
		if _, changed := v.retarget(clock.Now(), 1); changed || v.start == start || v.sum != 0 {
			t.Fatalf("window of 64 due shares kept: start moved %v, sum %v", v.start != start, v.sum)
		}
	})
	t.Run("shares at an older difficulty count at theirs", func(t *testing.T) {
		v := testVardiff(clock, cfg)
		for range 12 { // shares for jobs sent before a change to 4: worth 1 each
			v.accepted(1)
		}
		clock.Advance(30 * time.Second)
		if d, changed := v.retarget(clock.Now(), 4); changed {
			t.Fatalf("moved to %v: 12 shares of difficulty 1 in 30 s is what difficulty 4 should give", d)
		}
	})
}

func TestBanList(t *testing.T) {
	clock := newFakeClock()
	b := newBanList(Config{BanAfterOffences: 3, OffenceWindow: time.Minute, BanDuration: time.Hour})
	for i := range 2 {
		if b.offence("10.0.0.1", clock.Now()) {
			t.Fatalf("banned after %d offences", i+1)
		}
		clock.Advance(25 * time.Second)
	}
	clock.Advance(20 * time.Second) // the first offence is now 70 s old
	if b.offence("10.0.0.1", clock.Now()) {
		t.Fatal("banned with an offence outside the window")
	}
	if !b.offence("10.0.0.1", clock.Now()) {
		t.Fatal("not banned at the third offence within the window")
	}
	if !b.banned("10.0.0.1", clock.Now()) || b.banned("10.0.0.2", clock.Now()) {
		t.Fatal("wrong address banned")
	}
	if n, issued := b.counts(clock.Now()); n != 1 || issued != 1 {
		t.Fatalf("counts %d %d", n, issued)
	}
	clock.Advance(time.Hour)
	if b.banned("10.0.0.1", clock.Now()) {
		t.Fatal("still banned after BanDuration")
	}
	off := newBanList(Config{BanAfterOffences: -1})
	for range 10 {
		if off.offence("10.0.0.1", clock.Now()) {
			t.Fatal("bans turned off, yet banned")
		}
	}
}

func TestJobBook(t *testing.T) {
	var b *jobBook
	j := func(id string, clean bool) *Job { return &Job{ID: id, CleanJobs: clean} }
	a := j("a", true)
	b = b.with(a, 3)
	bj, c, d := j("b", false), j("c", false), j("d", false)
	b = b.with(bj, 3).with(c, 3).with(d, 3)
	if b.live(a) || !b.live(bj) || !b.live(d) || b.current != d {
		t.Fatalf("history of 3: %+v", b.jobs)
	}
	again := j("c", false)
	b = b.with(again, 3)
	if b.live(c) || !b.live(again) || len(b.jobs) != 3 {
		t.Fatalf("a reused id replaces the old job: %+v", b.jobs)
	}
	clean := j("e", true)
	b = b.with(clean, 3)
	if b.live(d) || !b.live(clean) || len(b.jobs) != 1 {
		t.Fatalf("a clean job voids the rest: %+v", b.jobs)
	}
}
