package jobs

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// testScheduler is one jobs process: its own holder, a lane check of a few milliseconds,
// the shared jobs clock.
func testScheduler(d *db.DB, holder string, ttl time.Duration, clock func() time.Time) *Scheduler {
	s := NewScheduler(&Leases{DB: d, Holder: holder, TTL: ttl}, clock, quiet)
	s.Check = 5 * time.Millisecond
	return s
}

// startLane runs s.Lane until the test ends or stop is called, which waits for it.
func startLane(t *testing.T, s *Scheduler, jobs ...Job) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { s.Lane(ctx, jobs...) })
	stop = sync.OnceFunc(func() { cancel(); wg.Wait() })
	t.Cleanup(stop)
	return stop
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, within time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", within, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// counted reads s's poold_job_<kind>_total for job and the reason label.
func counted(t *testing.T, s *Scheduler, kind, job, reason string) float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(s)
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "poold_job_"+kind+"_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["job"] == job && (labels["how"] == reason || labels["why"] == reason) {
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}

func finishedRuns(t *testing.T, d *db.DB, job string) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM job_runs WHERE job = ? AND finished_at > 0", job).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Three processes run the same lane against one database while the jobs clock moves
// through ten periods: each period is run exactly once, by one of them, and the others
// count it as skipped.
func TestLanesRunEachPeriodOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clock := newFakeClock()
		var runs atomic.Int64
		job := Job{Name: "sweep", Every: time.Minute, Run: func(context.Context) error { runs.Add(1); return nil }}
		var procs []*Scheduler
		for _, h := range []string{"a", "b", "c"} {
			s := testScheduler(d, h, testTTL, clock.Now)
			procs = append(procs, s)
			startLane(t, s, job)
		}
		const periods = 10
		for i := 1; i <= periods; i++ {
			waitFor(t, "the period to be run", 10*time.Second, func() bool { return finishedRuns(t, d, "sweep") == i })
			// Every process looks at the period before the clock moves on.
			waitFor(t, "every process to see the period", 10*time.Second, func() bool {
				var seen float64
				for _, s := range procs {
					seen += counted(t, s, "skips", "sweep", "done") + counted(t, s, "runs", "sweep", "claimed")
				}
				return seen >= float64(3*i)
			})
			if i < periods {
				clock.Add(time.Minute)
			}
		}
		if n := runs.Load(); n != periods {
			t.Fatalf("%d runs in %d periods", n, periods)
		}
		var claimed float64
		for _, s := range procs {
			claimed += counted(t, s, "runs", "sweep", "claimed")
		}
		if claimed != periods {
			t.Fatalf("runs_total %g, want %d", claimed, periods)
		}
	})
}

// A process that claimed a period and then died (it never renews) holds it until its
// lease expires; a live process then takes the period over and runs it once.
func TestLaneTakesOverAKilledHoldersPeriod(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clock := newFakeClock()
		const ttl = 300 * time.Millisecond
		dead := &Leases{DB: d, Holder: "killed", TTL: ttl}
		period := Period(clock.Now(), time.Minute)
		claimedAt := time.Now()
		mustClaim(t, dead, "settle", period, Won)

		var ranAt atomic.Int64
		s := testScheduler(d, "survivor", ttl, clock.Now)
		startLane(t, s, Job{Name: "settle", Every: time.Minute, Run: func(context.Context) error {
			ranAt.CompareAndSwap(0, time.Now().UnixNano())
			return nil
		}})
		waitFor(t, "the takeover", 10*time.Second, func() bool { return finishedRuns(t, d, "settle") == 1 })
		// Less a little: the lease is stored in whole milliseconds.
		if wait := time.Unix(0, ranAt.Load()).Sub(claimedAt); wait < ttl-2*time.Millisecond {
			t.Fatalf("taken over after %s, before the %s lease expired", wait, ttl)
		}
		r := readRow(t, d, "settle", period)
		if r.Holder != "survivor" || r.Attempts != 2 {
			t.Fatalf("row %+v", r)
		}
		if got := counted(t, s, "runs", "settle", "taken_over"); got != 1 {
			t.Fatalf("taken_over %g", got)
		}
		if got := counted(t, s, "skips", "settle", "held"); got < 1 {
			t.Fatalf("held skips %g: the lease was not waited out", got)
		}
	})
}

// A running job whose lease another process has taken (this one was cut off from the
// database long enough) is cancelled, and its run is not recorded as finished by it.
func TestRunStopsWhenItsLeaseIsLost(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clock := newFakeClock()
		s := testScheduler(d, "a", 150*time.Millisecond, clock.Now)
		started, cancelled := make(chan struct{}), make(chan error, 1)
		startLane(t, s, Job{Name: "payouts", Every: time.Minute, Run: func(ctx context.Context) error {
			close(started)
			<-ctx.Done()
			cancelled <- context.Cause(ctx)
			return ctx.Err()
		}})
		<-started
		period := Period(clock.Now(), time.Minute)
		if _, err := d.Exec(context.Background(), "UPDATE job_runs SET holder = 'b', expires_at = ? WHERE job = 'payouts'", time.Now().Add(time.Hour).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		select {
		case cause := <-cancelled:
			if cause != errLeaseLost {
				t.Fatalf("cancelled by %v", cause)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the job ran on after losing its lease")
		}
		if r := readRow(t, d, "payouts", period); r.Holder != "b" || r.FinishedAt != 0 {
			t.Fatalf("row %+v", r)
		}
	})
}

// A process stopped in the middle of a run releases its period: another process takes it
// over at once, without waiting out an hour-long lease.
func TestStoppedRunIsReleased(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clock := newFakeClock()
		started := make(chan struct{})
		a := testScheduler(d, "a", time.Hour, clock.Now)
		stopA := startLane(t, a, Job{Name: "settle", Every: time.Minute, Run: func(ctx context.Context) error {
			close(started)
			<-ctx.Done()
			return ctx.Err()
		}})
		<-started
		b := testScheduler(d, "b", time.Hour, clock.Now)
		var ranB atomic.Int64
		startLane(t, b, Job{Name: "settle", Every: time.Minute, Run: func(context.Context) error { ranB.Add(1); return nil }})
		// b is refused while a runs.
		waitFor(t, "b to find the period held", 10*time.Second, func() bool {
			return counted(t, b, "skips", "settle", "held") >= 1
		})
		stopA()
		waitFor(t, "b to take the period over", 10*time.Second, func() bool { return finishedRuns(t, d, "settle") == 1 })
		if r := readRow(t, d, "settle", Period(clock.Now(), time.Minute)); r.Holder != "b" || r.Attempts != 2 || ranB.Load() != 1 {
			t.Fatalf("row %+v, b ran %d", r, ranB.Load())
		}
	})
}

// A per-process job runs in every process, once in each of its periods, and claims no
// period in job_runs.
func TestPerProcessJobRunsInEveryProcess(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clock := newFakeClock()
		var runs [2]atomic.Int64
		var procs []*Scheduler
		for i, h := range []string{"a", "b"} {
			s := testScheduler(d, h, testTTL, clock.Now)
			procs = append(procs, s)
			startLane(t, s, Job{Name: "wallet_check", Every: time.Minute, PerProcess: true, Run: func(context.Context) error { runs[i].Add(1); return nil }})
		}
		for period := int64(1); period <= 3; period++ {
			waitFor(t, "both processes to run the period", 10*time.Second, func() bool { return runs[0].Load() == period && runs[1].Load() == period })
			clock.Add(time.Minute)
		}
		waitFor(t, "the last period", 10*time.Second, func() bool { return runs[0].Load() == 4 && runs[1].Load() == 4 })
		time.Sleep(50 * time.Millisecond) // ten looks more at the same period
		if runs[0].Load() != 4 || runs[1].Load() != 4 {
			t.Fatalf("runs %d and %d in 4 periods", runs[0].Load(), runs[1].Load())
		}
		if n := counted(t, procs[0], "runs", "wallet_check", "per_process"); n != 4 {
			t.Fatalf("runs_total per_process %g", n)
		}
		var rows int
		if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM job_runs").Scan(&rows); err != nil || rows != 0 {
			t.Fatalf("%d job_runs rows (%v)", rows, err)
		}
	})
}
