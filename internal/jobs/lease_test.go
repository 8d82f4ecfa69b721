package jobs

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// fakeClock is a clock the test moves; several goroutines read it.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// row is a job_runs row as the tests read it.
type row struct {
	Holder      string
	Attempts    int
	ExpiresAt   int64
	FinishedAt  int64
	Error       string
	StartedAtMs int64
}

func readRow(t *testing.T, d *db.DB, job string, period int64) row {
	t.Helper()
	var r row
	err := d.QueryRow(context.Background(), "SELECT holder, attempts, expires_at, finished_at, error, started_at FROM job_runs WHERE job = ? AND period = ?", job, period).
		Scan(&r.Holder, &r.Attempts, &r.ExpiresAt, &r.FinishedAt, &r.Error, &r.StartedAtMs)
	if err != nil {
		t.Fatalf("row %s %d: %v", job, period, err)
	}
	return r
}

func mustClaim(t *testing.T, l *Leases, job string, period int64, want State) Claim {
	t.Helper()
	c, err := l.Claim(context.Background(), job, period)
	if err != nil {
		t.Fatal(err)
	}
	if c.State != want {
		t.Fatalf("%s claims %s %d: state %d (holder %s), want %d", l.Holder, job, period, c.State, c.Holder, want)
	}
	return c
}

const testTTL = 30 * time.Second

// Of two processes, the first to claim a period runs it; the other is told who holds it
// and until when, and once the run has finished nobody runs that period again. The next
// period is free again.
func TestClaimOncePerPeriod(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := newFakeClock()
		a := &Leases{DB: d, Holder: "a", TTL: testTTL, Now: clock.Now}
		b := &Leases{DB: d, Holder: "b", TTL: testTTL, Now: clock.Now}
		const p = 1_740_816_000_000

		if c := mustClaim(t, a, "sweep", p, Won); c.Attempts != 1 || c.Holder != "a" {
			t.Fatalf("won claim %+v", c)
		}
		c := mustClaim(t, b, "sweep", p, Held)
		if c.Holder != "a" || !c.Until.Equal(clock.Now().Add(testTTL)) {
			t.Fatalf("held claim %+v, want a's until %s", c, clock.Now().Add(testTTL))
		}
		// Another job's same period is its own.
		mustClaim(t, b, "rollup", p, Won)

		clock.Add(time.Second)
		if ok, err := a.Finish(ctx, "sweep", p, nil); err != nil || !ok {
			t.Fatalf("finish: %v %v", ok, err)
		}
		// Finished is final, even once the lease would have expired, and for its runner too.
		clock.Add(2 * testTTL)
		mustClaim(t, b, "sweep", p, Finished)
		mustClaim(t, a, "sweep", p, Finished)
		if _, ok, err := a.Renew(ctx, "sweep", p); err != nil || ok {
			t.Fatalf("renewed a finished period: %v %v", ok, err)
		}
		r := readRow(t, d, "sweep", p)
		if r.Holder != "a" || r.Attempts != 1 || r.FinishedAt != clock.Now().Add(-2*testTTL).UnixMilli() || r.Error != "" {
			t.Fatalf("finished row %+v", r)
		}
		mustClaim(t, b, "sweep", p+60_000, Won)
	})
}

// A holder that stops renewing (it was killed) keeps its period until its lease expires;
// then another process takes the period over, and the old holder can neither renew nor
// finish it any more. A holder that renews keeps its period past the first expiry.
func TestExpiredLeaseIsTakenOver(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := newFakeClock()
		a := &Leases{DB: d, Holder: "a", TTL: testTTL, Now: clock.Now}
		b := &Leases{DB: d, Holder: "b", TTL: testTTL, Now: clock.Now}
		const p = 1_740_816_000_000

		mustClaim(t, a, "settle", p, Won)
		clock.Add(testTTL / 2)
		until, ok, err := a.Renew(ctx, "settle", p)
		if err != nil || !ok || !until.Equal(clock.Now().Add(testTTL)) {
			t.Fatalf("renew: %s %v %v", until, ok, err)
		}
		clock.Add(testTTL - time.Millisecond) // past the first expiry, short of the renewed one
		mustClaim(t, b, "settle", p, Held)
		clock.Add(time.Millisecond)
		if c := mustClaim(t, b, "settle", p, TookOver); c.Attempts != 2 || c.Holder != "b" {
			t.Fatalf("takeover %+v", c)
		}
		// The first holder comes back (it was only cut off): the period is not its any more.
		if _, ok, err := a.Renew(ctx, "settle", p); err != nil || ok {
			t.Fatalf("old holder renewed: %v %v", ok, err)
		}
		if ok, err := a.Finish(ctx, "settle", p, nil); err != nil || ok {
			t.Fatalf("old holder finished: %v %v", ok, err)
		}
		mustClaim(t, a, "settle", p, Held)
		long := errors.New(strings.Repeat("é", maxErrorBytes)) // two bytes a character
		if ok, err := b.Finish(ctx, "settle", p, long); err != nil || !ok {
			t.Fatalf("finish: %v %v", ok, err)
		}
		r := readRow(t, d, "settle", p)
		if r.Holder != "b" || r.Attempts != 2 || r.FinishedAt == 0 || len(r.Error) != maxErrorBytes || !strings.HasPrefix(long.Error(), r.Error) {
			t.Fatalf("row after takeover %+v (error %d bytes)", r, len(r.Error))
		}
	})
}

// A released period (its holder stopped gracefully half-way) is taken over at once.
func TestReleasedPeriodIsTakenOverAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clock := newFakeClock()
		a := &Leases{DB: d, Holder: "a", TTL: time.Hour, Now: clock.Now}
		b := &Leases{DB: d, Holder: "b", TTL: time.Hour, Now: clock.Now}
		mustClaim(t, a, "payouts", 60_000, Won)
		if err := a.Release(context.Background(), "payouts", 60_000); err != nil {
			t.Fatal(err)
		}
		mustClaim(t, b, "payouts", 60_000, TookOver)
	})
}

// Many processes claiming the same periods at the same moment: exactly one wins each.
func TestConcurrentClaimsHaveOneWinner(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		const processes, periods = 6, 15
		wins := make([]int, periods)
		var mu sync.Mutex
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range processes {
			l := &Leases{DB: d, Holder: fmt.Sprintf("p%d", i), TTL: testTTL}
			wg.Go(func() {
				<-start
				for p := range periods {
					c, err := l.Claim(context.Background(), "race", int64(p)*60_000)
					if err != nil {
						t.Error(err)
						return
					}
					if c.State == Won || c.State == TookOver {
						mu.Lock()
						wins[p]++
						mu.Unlock()
					}
				}
			})
		}
		close(start)
		wg.Wait()
		for p, n := range wins {
			if n != 1 {
				t.Errorf("period %d: %d winners", p, n)
			}
		}
	})
}

// Old rows go; the periods kept are those from the cutoff on.
func TestPrune(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		l := &Leases{DB: d, Holder: "a", TTL: testTTL}
		for _, p := range []int64{1000, 2000, 3000} {
			mustClaim(t, l, "trends", p, Won)
		}
		n, err := l.Prune(context.Background(), 2000)
		if err != nil || n != 1 {
			t.Fatalf("pruned %d: %v", n, err)
		}
		mustClaim(t, l, "trends", 1000, Won)
		mustClaim(t, l, "trends", 2000, Held)
	})
}

func TestPeriod(t *testing.T) {
	for _, c := range []struct {
		at    time.Time
		every time.Duration
		want  int64
	}{
		{time.UnixMilli(125_000), time.Minute, 120_000},
		{time.UnixMilli(120_000), time.Minute, 120_000},
		{time.UnixMilli(119_999), time.Minute, 60_000},
		{time.UnixMilli(3_599_999), 10 * time.Minute, 3_000_000},
		{time.UnixMilli(-1), time.Minute, -60_000},
		{time.UnixMilli(1500), time.Second, 1000},
	} {
		if got := Period(c.at, c.every); got != c.want {
			t.Errorf("Period(%d ms, %s) = %d, want %d", c.at.UnixMilli(), c.every, got, c.want)
		}
	}
}
