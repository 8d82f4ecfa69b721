package ratelimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// testPolicy: two free failures, then 10 s doubling to at most 40 s; failures forgotten an
// hour after the last; the third failure of a burst notifies, again a day later.
var testPolicy = Policy{Free: 2, First: 10 * time.Second, Max: 40 * time.Second, Memory: time.Hour, NotifyAfter: 3, NotifyEvery: 24 * time.Hour}

// exerciseGuard checks a guard against a clock the test moves. other is a second guard
// over the same store (another api process): it must see what the first one wrote.
func exerciseGuard(t *testing.T, g, other Guard, setNow func(time.Time)) {
	ctx := context.Background()
	base := time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)
	setNow(base)
	state := func(g Guard, key string) State {
		t.Helper()
		s, err := g.State(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	fail := func(key string, wantFailures int, wantWait time.Duration, wantNotify bool) Verdict {
		t.Helper()
		v, err := g.Fail(ctx, key, testPolicy)
		if err != nil {
			t.Fatal(err)
		}
		if v.Failures != wantFailures || v.Wait != wantWait || v.Notify != wantNotify {
			t.Fatalf("%s: got %+v, want %d failures, wait %v, notify %v", key, v, wantFailures, wantWait, wantNotify)
		}
		return v
	}
	if s := state(g, "k"); s != (State{}) {
		t.Fatalf("new key: %+v", s)
	}
	fail("k", 1, 0, false)
	fail("k", 2, 0, false)
	v := fail("k", 3, 10*time.Second, true) // the first wait, and the notice
	if !v.Since.Equal(base) {
		t.Fatalf("burst since %v, want %v", v.Since, base)
	}
	if s := state(g, "k"); s.Wait != 10*time.Second || s.Trusted {
		t.Fatalf("after 3: %+v", s)
	}
	if s := state(other, "k"); s.Wait != 10*time.Second {
		t.Fatalf("another process sees %+v", s)
	}
	if s := state(g, "k2"); s != (State{}) {
		t.Fatalf("another key: %+v", s)
	}
	setNow(base.Add(4 * time.Second))
	if s := state(g, "k"); s.Wait != 6*time.Second {
		t.Fatalf("4 s on: %+v", s)
	}
	setNow(base.Add(10 * time.Second))
	if s := state(g, "k"); s.Wait != 0 {
		t.Fatalf("wait over: %+v", s)
	}
	fail("k", 4, 20*time.Second, false) // doubles, no second notice in the burst
	setNow(base.Add(30 * time.Second))
	fail("k", 5, 40*time.Second, false)
	setNow(base.Add(70 * time.Second))
	fail("k", 6, 40*time.Second, false) // capped
	// An hour without failures forgets them: a new burst, a new notice.
	quiet := base.Add(70*time.Second + time.Hour)
	setNow(quiet)
	if s := state(g, "k"); s.Wait != 0 {
		t.Fatalf("after the quiet hour: %+v", s)
	}
	fail("k", 1, 0, false)
	fail("k", 2, 0, false)
	if v := fail("k", 3, 10*time.Second, true); !v.Since.Equal(quiet) {
		t.Fatalf("new burst since %v", v.Since)
	}
	// Within a long burst, the notice comes again a day after the last.
	for i := 0; i < 30; i++ {
		setNow(quiet.Add(time.Duration(i+1) * 50 * time.Minute))
		v, err := g.Fail(ctx, "k", testPolicy)
		if err != nil {
			t.Fatal(err)
		}
		if v.Notify != (i == 28) { // 29 x 50 min is the first past 24 h
			t.Fatalf("failure %d at %v: notify %v", 4+i, (time.Duration(i+1) * 50 * time.Minute), v.Notify)
		}
	}
	// Success forgets the failures and trusts the key for a while.
	if err := g.Succeed(ctx, "k", 48*time.Hour); err != nil {
		t.Fatal(err)
	}
	if s := state(g, "k"); s.Wait != 0 || !s.Trusted {
		t.Fatalf("after success: %+v", s)
	}
	fail("k", 1, 0, false)
	if s := state(other, "k"); !s.Trusted {
		t.Fatalf("a failure ended the trust: %+v", s)
	}
	setNow(quiet.Add(30*50*time.Minute + 49*time.Hour))
	if s := state(g, "k"); s.Trusted {
		t.Fatalf("trust did not end: %+v", s)
	}
	// Success without trust only forgets.
	fail("k3", 1, 0, false)
	fail("k3", 2, 0, false)
	if err := g.Succeed(ctx, "k3", 0); err != nil {
		t.Fatal(err)
	}
	if s := state(g, "k3"); s != (State{}) {
		t.Fatalf("k3 after success: %+v", s)
	}
	fail("k3", 1, 0, false)

	// Failures at once, as from many api processes, are all counted.
	var wg sync.WaitGroup
	var mu sync.Mutex
	seen := map[int]bool{}
	notices := 0
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gg := g
			if i%2 == 1 {
				gg = other
			}
			v, err := gg.Fail(ctx, "burst", testPolicy)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			seen[v.Failures] = true
			if v.Notify {
				notices++
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(seen) != 20 || notices != 1 {
		t.Fatalf("concurrent failures: counts %v, notices %d", seen, notices)
	}
	if s := state(g, "burst"); s.Wait != testPolicy.Max {
		t.Fatalf("after 20 failures: %+v", s)
	}
}

func TestDBGuard(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var mu sync.Mutex
		var now time.Time
		clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		g := &DBGuard{DB: d, Now: clock}
		exerciseGuard(t, g, &DBGuard{DB: d, Now: clock}, func(t time.Time) { mu.Lock(); now = t; mu.Unlock() })
		// The sweep deletes what says nothing any more, and keeps the rest.
		ctx := context.Background()
		count := func() int {
			var n int
			if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM auth_throttle").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if err := g.Sweep(ctx, clock()); err != nil {
			t.Fatal(err)
		}
		// Live rows stay: k3's failure and burst's wait are still there.
		if v, err := g.Fail(ctx, "k3", testPolicy); err != nil || v.Failures != 2 {
			t.Fatalf("k3 after the sweep: %+v %v", v, err)
		}
		if s, err := g.State(ctx, "burst"); err != nil || s.Wait != testPolicy.Max {
			t.Fatalf("burst after the sweep: %+v %v", s, err)
		}
		if err := g.Sweep(ctx, clock().Add(49*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != 0 {
			t.Fatalf("%d rows left after their end", n)
		}
	})
}

func TestRedisGuard(t *testing.T) {
	l := redisForTest(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	var mu sync.Mutex
	var now time.Time
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	prefix := "poold-test:" + hex.EncodeToString(b[:]) + ":"
	g := &RedisGuard{Client: l.Client, Prefix: prefix, Now: clock}
	exerciseGuard(t, g, &RedisGuard{Client: l.Client, Prefix: prefix, Now: clock}, func(t time.Time) { mu.Lock(); now = t; mu.Unlock() })
}

func TestWaitAfter(t *testing.T) {
	p := Policy{Free: 4, First: 15 * time.Second, Max: time.Hour}
	for n, want := range map[int]time.Duration{0: 0, 4: 0, 5: 15 * time.Second, 6: 30 * time.Second, 12: 32 * 15 * time.Second * 4, 13: time.Hour, 500: time.Hour} {
		if got := p.WaitAfter(n); got != want {
			t.Errorf("WaitAfter(%d) = %v, want %v", n, got, want)
		}
	}
}
