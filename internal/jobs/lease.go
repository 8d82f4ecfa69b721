// Package jobs runs the jobs role's periodic work so that each job runs once per period
// across every jobs process on one database (DESIGN.md "One binary, several roles";
// docs/architecture.md "Jobs: once per period"). A job's time is cut into periods of its
// interval; the first process to claim a period in the job_runs table runs it, holding the
// claim as a lease that it renews while the job runs. A killed process stops renewing, and
// once its lease has expired another process takes the period over. A finished period is
// never run again.
package jobs

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/db"
)

// DefaultTTL is how long a claim lasts without renewal unless --job-lease says otherwise.
const DefaultTTL = 30 * time.Second

// Leases claims, renews and finishes periods of jobs in the job_runs table for one process.
type Leases struct {
	DB *db.DB
	// Holder names this process in the rows it claims (NewHolder).
	Holder string
	// TTL is how long a claim lasts unrenewed: how long the period of a killed process
	// waits before another process takes it over. It is renewed every TTL/3.
	TTL time.Duration
	// Now is the wall clock leases expire by; every process must read the same time, so
	// never a test clock. nil is time.Now.
	Now func() time.Time
}

// NewHolder names this process for its claims: host, process id and a random part, so
// that a restarted process never mistakes its predecessor's claims for its own.
func NewHolder() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "unknown"
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s:%d:%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

func (l *Leases) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

// State is what a claim found.
type State int

const (
	// Won: the period was free and is now this process's to run.
	Won State = iota + 1
	// TookOver: the period's holder let its lease expire unfinished (it was killed or
	// cut off); it is now this process's to run.
	TookOver
	// Finished: a run of the period has ended; it is not run again.
	Finished
	// Held: another process runs the period; its lease lasts until Claim.Until.
	Held
)

// Claim is the outcome of one attempt to claim a period.
type Claim struct {
	State State
	// Holder is the process that holds or held the period (this one for Won and TookOver).
	Holder string
	// Until is when the holder's lease expires unless it renews it (Held).
	Until time.Time
	// Attempts counts the starts of the period, this one included: more than one after a
	// takeover.
	Attempts int
}

// Claim claims job's period (its start on the jobs clock, Unix ms): it is this process's
// when no process has claimed it yet, or when its holder's lease expired before the run
// finished.
func (l *Leases) Claim(ctx context.Context, job string, period int64) (Claim, error) {
	now := l.now()
	c := Claim{Holder: l.Holder}
	// One statement, so that of processes claiming at once exactly one gets a row back:
	// PostgreSQL makes a conflicting INSERT wait for the first one's commit and then
	// judges the WHERE against the committed row; SQLite writes one at a time.
	err := l.DB.QueryRow(ctx, `INSERT INTO job_runs (job, period, holder, started_at, expires_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (job, period) DO UPDATE SET holder = excluded.holder, started_at = excluded.started_at,
			expires_at = excluded.expires_at, attempts = job_runs.attempts + 1
		WHERE job_runs.finished_at = 0 AND job_runs.expires_at <= excluded.started_at
		RETURNING attempts`, job, period, l.Holder, now.UnixMilli(), now.Add(l.TTL).UnixMilli()).Scan(&c.Attempts)
	switch {
	case err == nil:
		c.State = Won
		if c.Attempts > 1 {
			c.State = TookOver
		}
		return c, nil
	case !errors.Is(err, sql.ErrNoRows):
		return c, fmt.Errorf("jobs: claim %s %d: %w", job, period, err)
	}
	var until, finished int64
	err = l.DB.QueryRow(ctx, "SELECT holder, expires_at, finished_at, attempts FROM job_runs WHERE job = ? AND period = ?", job, period).
		Scan(&c.Holder, &until, &finished, &c.Attempts)
	if err != nil {
		return c, fmt.Errorf("jobs: read claim %s %d: %w", job, period, err)
	}
	c.State, c.Until = Held, time.UnixMilli(until)
	if finished != 0 {
		c.State = Finished
	}
	return c, nil
}

// Renew extends this process's lease on a period it is running to TTL from now. ok is
// false when the lease is no longer this process's (another took the period over).
func (l *Leases) Renew(ctx context.Context, job string, period int64) (until time.Time, ok bool, err error) {
	until = l.now().Add(l.TTL)
	res, err := l.DB.Exec(ctx, "UPDATE job_runs SET expires_at = ? WHERE job = ? AND period = ? AND holder = ? AND finished_at = 0",
		until.UnixMilli(), job, period, l.Holder)
	if err != nil {
		return until, false, fmt.Errorf("jobs: renew %s %d: %w", job, period, err)
	}
	n, err := res.RowsAffected()
	return until, n == 1, err
}

// maxErrorBytes bounds the failure kept with a finished run.
const maxErrorBytes = 1000

// Finish marks a period this process ran as finished, with the run's failure (nil: none):
// no process runs it again. ok is false when the lease was no longer this process's.
func (l *Leases) Finish(ctx context.Context, job string, period int64, runErr error) (ok bool, err error) {
	msg := ""
	if runErr != nil {
		msg = truncate(runErr.Error(), maxErrorBytes)
	}
	res, err := l.DB.Exec(ctx, "UPDATE job_runs SET finished_at = ?, error = ? WHERE job = ? AND period = ? AND holder = ? AND finished_at = 0",
		max(l.now().UnixMilli(), 1), msg, job, period, l.Holder)
	if err != nil {
		return false, fmt.Errorf("jobs: finish %s %d: %w", job, period, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Release gives up an unfinished period at once (its lease expires now), so that another
// process takes it over without waiting out the lease: a process that stops gracefully
// in the middle of a run calls it.
func (l *Leases) Release(ctx context.Context, job string, period int64) error {
	_, err := l.DB.Exec(ctx, "UPDATE job_runs SET expires_at = 0 WHERE job = ? AND period = ? AND holder = ? AND finished_at = 0",
		job, period, l.Holder)
	if err != nil {
		return fmt.Errorf("jobs: release %s %d: %w", job, period, err)
	}
	return nil
}

// Prune deletes the rows of periods that started before before (Unix ms of the jobs
// clock) and says how many went.
func (l *Leases) Prune(ctx context.Context, before int64) (int64, error) {
	res, err := l.DB.Exec(ctx, "DELETE FROM job_runs WHERE period < ?", before)
	if err != nil {
		return 0, fmt.Errorf("jobs: prune: %w", err)
	}
	return res.RowsAffected()
}

// truncate cuts s to at most n bytes without splitting a character (PostgreSQL refuses
// text that is not UTF-8).
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
