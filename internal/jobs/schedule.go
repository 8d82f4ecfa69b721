package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Job is one periodic job: Run once in every period of Every.
type Job struct {
	Name  string
	Every time.Duration
	Run   func(ctx context.Context) error
	// PerProcess jobs run in every process, every period, unclaimed: what they do is the
	// process's own (a gauge of its metrics, a chain that lives in it), so each process
	// must run them.
	PerProcess bool
}

// Period is the start (Unix ms) of the period of length every that t falls in. Periods
// start at multiples of every since the Unix epoch, so that every process cuts the same
// periods.
func Period(t time.Time, every time.Duration) int64 {
	ms, e := t.UnixMilli(), max(every.Milliseconds(), 1)
	p := ms - ms%e
	if ms%e < 0 {
		p -= e
	}
	return p
}

// DefaultCheck is how often a lane looks for a new period or an expired lease.
const DefaultCheck = time.Second

// Scheduler runs jobs in lanes, each period of each job once across all the processes
// that share its database.
type Scheduler struct {
	Leases *Leases
	// Clock is the jobs clock that periods are cut from: time.Now, or the movable clock
	// of --test-clock (moving it on starts the next periods at once).
	Clock func() time.Time
	// Check is how often a lane looks for a new period or an expired lease (DefaultCheck
	// when 0). It is no database query: a lane asks the database only for a period it has
	// not seen end.
	Check time.Duration
	Log   *slog.Logger
	// Observe records each run's duration and outcome (metrics.ObserveJob); nil: nothing.
	Observe func(job string, d time.Duration, err error)

	runs  *prometheus.CounterVec
	skips *prometheus.CounterVec
}

// NewScheduler makes a scheduler over leases with its metrics, which it collects itself
// (register it with the process's registry).
func NewScheduler(leases *Leases, clock func() time.Time, log *slog.Logger) *Scheduler {
	return &Scheduler{Leases: leases, Clock: clock, Log: log,
		runs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "poold_job_runs_total",
			Help: "Periods of a job this process ran: claimed (free), taken_over (its holder's lease had expired) or per_process (a job every process runs)."},
			[]string{"job", "how"}),
		skips: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "poold_job_skips_total",
			Help: "Periods of a job this process left to another: done (already run) or held (running elsewhere; looked at again when its lease would expire)."},
			[]string{"job", "why"}),
	}
}

// Describe implements prometheus.Collector.
func (s *Scheduler) Describe(ch chan<- *prometheus.Desc) {
	s.runs.Describe(ch)
	s.skips.Describe(ch)
}

// Collect implements prometheus.Collector.
func (s *Scheduler) Collect(ch chan<- prometheus.Metric) {
	s.runs.Collect(ch)
	s.skips.Collect(ch)
}

// laneJob is what a lane knows of one of its jobs.
type laneJob struct {
	Job
	done int64 // the last period this process ran or saw finished
	// wait holds a period back until retry: another process holds it, or the claim failed.
	wait  int64
	retry time.Time
}

// Lane runs jobs one after another until ctx ends: at once for the current periods, then
// whenever a job's next period starts. Jobs of one lane never overlap (a long one delays
// the next); lanes run side by side.
func (s *Scheduler) Lane(ctx context.Context, jobs ...Job) {
	lane := make([]laneJob, len(jobs))
	for i, j := range jobs {
		lane[i] = laneJob{Job: j, done: -1, wait: -1}
	}
	tick := time.NewTicker(s.check())
	defer tick.Stop()
	for {
		for i := range lane {
			if ctx.Err() != nil {
				return
			}
			s.step(ctx, &lane[i])
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func (s *Scheduler) check() time.Duration {
	if s.Check <= 0 {
		return DefaultCheck
	}
	return s.Check
}

// heldRecheck is how many checks a lane lets pass at most before it looks at a period
// another process holds again.
const heldRecheck = 5

// claimRetry is how long a lane waits after a claim failed (the database is unreachable).
const claimRetry = 10 * time.Second

// step claims and runs j's current period unless it has been seen to end, or another
// process holds it and its lease has not yet expired.
func (s *Scheduler) step(ctx context.Context, j *laneJob) {
	period := Period(s.Clock(), j.Every)
	if period == j.done || (period == j.wait && s.Leases.now().Before(j.retry)) {
		return
	}
	if j.PerProcess {
		s.runs.WithLabelValues(j.Name, "per_process").Inc()
		start := time.Now()
		err := j.Run(ctx)
		s.observe(ctx, j.Name, start, err)
		j.done = period
		return
	}
	c, err := s.Leases.Claim(ctx, j.Name, period)
	if err != nil {
		if ctx.Err() == nil {
			s.Log.Warn("job not claimed", "job", j.Name, "err", err)
		}
		j.wait, j.retry = period, s.Leases.now().Add(claimRetry)
		return
	}
	switch c.State {
	case Finished:
		s.skips.WithLabelValues(j.Name, "done").Inc()
		j.done = period
	case Held:
		s.skips.WithLabelValues(j.Name, "held").Inc()
		// Looked at again when the lease would expire, or sooner: a holder that stops
		// gracefully releases its period before then.
		j.wait, j.retry = period, c.Until
		if soon := s.Leases.now().Add(heldRecheck * s.check()); soon.Before(c.Until) {
			j.retry = soon
		}
	case TookOver:
		s.Log.Info("job taken over: its holder's lease expired", "job", j.Name, "period", time.UnixMilli(period).UTC(), "attempt", c.Attempts)
		s.runs.WithLabelValues(j.Name, "taken_over").Inc()
		s.run(ctx, j.Job, period)
		j.done = period
	default:
		s.runs.WithLabelValues(j.Name, "claimed").Inc()
		s.run(ctx, j.Job, period)
		j.done = period
	}
}

// errLeaseLost ends a run whose lease this process can no longer show it holds.
var errLeaseLost = errors.New("jobs: lease lost")

// run runs a claimed period, renewing its lease meanwhile, and then marks it finished;
// a run that a stop cut short is released for another process instead.
func (s *Scheduler) run(ctx context.Context, j Job, period int64) {
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	renewing := make(chan struct{})
	go func() {
		defer close(renewing)
		s.renew(runCtx, cancel, j.Name, period)
	}()
	start := time.Now()
	err := j.Run(runCtx)
	lost := errors.Is(context.Cause(runCtx), errLeaseLost)
	s.observe(runCtx, j.Name, start, err) // before cancel: a run cut short is no failure
	cancel(nil)
	<-renewing
	// The run's context may have ended; the bookkeeping still has to be written.
	bg, done := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer done()
	switch {
	case lost:
		s.Log.Warn("job lease lost while it ran: another process may run the period too", "job", j.Name, "err", err)
	case err != nil && ctx.Err() != nil:
		if rerr := s.Leases.Release(bg, j.Name, period); rerr != nil {
			s.Log.Warn("job not released", "job", j.Name, "err", rerr)
		}
	default:
		ok, ferr := s.Leases.Finish(bg, j.Name, period, err)
		switch {
		case ferr != nil:
			s.Log.Warn("job run not recorded as finished: another process may run the period again once the lease expires", "job", j.Name, "err", ferr)
		case !ok:
			s.Log.Warn("job lease lost while it ran: another process may run the period too", "job", j.Name)
		}
	}
}

// observe records a run that started at start and logs its failure, unless ctx (the
// run's) has ended: a stop or a lost lease cut it short.
func (s *Scheduler) observe(ctx context.Context, job string, start time.Time, err error) {
	if s.Observe != nil {
		s.Observe(job, time.Since(start), err)
	}
	if err != nil && ctx.Err() == nil {
		s.Log.Warn("job failed", "job", job, "err", err)
	}
}

// renew keeps the lease of a running period every TTL/3 until ctx ends. When the lease
// is another process's, or cannot be renewed until it would have expired, it cancels
// the run with errLeaseLost: another process may be running the period by then.
func (s *Scheduler) renew(ctx context.Context, lost context.CancelCauseFunc, job string, period int64) {
	ttl := s.Leases.TTL
	valid := s.Leases.now().Add(ttl)
	tick := time.NewTicker(max(ttl/3, time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		until, ok, err := s.Leases.Renew(ctx, job, period)
		switch {
		case ctx.Err() != nil:
			return
		case err == nil && ok:
			valid = until
		case err == nil:
			lost(errLeaseLost)
			return
		case !s.Leases.now().Before(valid):
			lost(errLeaseLost)
			return
		default:
			s.Log.Warn("job lease not renewed", "job", job, "err", err, "expires", valid)
		}
	}
}
