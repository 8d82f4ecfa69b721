package mining

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"sort"
	"sync"
	"time"
)

// ShareMinute is one device's work in one minute: what the engine writes to share_minutes,
// and, for its accepted shares, the pay-per-share accrual at one block reward and fee.
type ShareMinute struct {
	DeviceID int64
	Minute   int64 // Unix ms of the minute's start
	Coin     string
	DiffSum  float64
	Accepted int
	Rejected int
	Stale    int
	// RatioSum sums each accepted share's difficulty over the network difficulty of its
	// moment (capped at 1: a share never earns more than a block). Reward is the block
	// reward those shares earn a fraction of, FeeBps the pool fee then, both in force when
	// the shares came; a minute that spans a change of either has one row per value.
	RatioSum float64
	Reward   int64
	FeeBps   int
}

// Credit is what an accepted share earns under pay-per-share: its ratio share difficulty
// over network difficulty, the block reward and the pool fee of the moment.
type Credit struct {
	Ratio  float64
	Reward int64
	FeeBps int
}

// Sink stores aggregated minutes (earnings.RecordShareFlush adds them to share_minutes and
// pps_minutes, summing on conflict; the stratum role then marks the devices as seen).
type Sink interface {
	// AddShareMinutes writes one flush batch. batch is the batch's id, the same on every
	// attempt to write the same rows: a write whose commit reached the database but whose
	// answer was lost is retried, and the sink makes that retry write nothing.
	AddShareMinutes(ctx context.Context, batch string, rows []ShareMinute) error
}

// Aggregator sums shares in memory per device and minute; the pool never writes a row per
// share (DESIGN.md "Mining"). Flush writes everything gathered so far in one batch.
type Aggregator struct {
	Sink Sink
	Log  *slog.Logger

	mu  sync.Mutex
	cur map[aggKey]*ShareMinute
	// retry holds the batches whose write failed, oldest first, written again at the next
	// flush so that a database hiccup loses nothing. Each keeps its id and rows: a failed
	// write may have committed, and only the same batch under the same id can be told
	// apart from new work by the sink.
	retry []flushBatch
}

// flushBatch is one write of the aggregator: rows taken at one flush, under one id.
type flushBatch struct {
	id   string
	rows []ShareMinute
}

// newBatchID names a flush batch: random, so that batches of every stratum process and
// every restart are told apart without coordination.
func newBatchID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

type aggKey struct {
	device int64
	minute int64
	reward int64
	fee    int
}

// Kind of share outcome.
const (
	Accepted = iota
	Rejected
	Stale
)

// Add counts one share of a device at time at; difficulty counts only when accepted.
// An accepted share counted here earns nothing (AddAccepted credits one).
func (a *Aggregator) Add(device int64, coin string, at time.Time, difficulty float64, kind int) {
	a.add(device, coin, at, difficulty, kind, Credit{})
}

// AddAccepted counts one accepted share and its pay-per-share credit.
func (a *Aggregator) AddAccepted(device int64, coin string, at time.Time, difficulty float64, c Credit) {
	a.add(device, coin, at, difficulty, Accepted, c)
}

func (a *Aggregator) add(device int64, coin string, at time.Time, difficulty float64, kind int, c Credit) {
	k := aggKey{device, minuteOf(at), c.Reward, c.FeeBps}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cur == nil {
		a.cur = map[aggKey]*ShareMinute{}
	}
	m := a.cur[k]
	if m == nil {
		m = &ShareMinute{DeviceID: device, Minute: k.minute, Coin: coin, Reward: c.Reward, FeeBps: c.FeeBps}
		a.cur[k] = m
	}
	switch kind {
	case Accepted:
		m.Accepted++
		m.DiffSum += difficulty
		m.RatioSum += c.Ratio
	case Rejected:
		m.Rejected++
	case Stale:
		m.Stale++
	}
}

// Pending is how many rows wait for the next flush.
func (a *Aggregator) Pending() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := len(a.cur)
	for _, b := range a.retry {
		n += len(b.rows)
	}
	return n
}

// Flush writes what was gathered: the batches that failed before, each again under its own
// id, then what came since as a new batch. On failure the batch and those after it are
// kept for the next flush.
func (a *Aggregator) Flush(ctx context.Context) error {
	a.mu.Lock()
	batches := a.retry
	a.retry = nil
	if len(a.cur) > 0 {
		rows := make([]ShareMinute, 0, len(a.cur))
		for _, m := range a.cur {
			rows = append(rows, *m)
		}
		// A stable order keeps concurrent flushers of different processes from
		// deadlocking on PostgreSQL row locks.
		sort.Slice(rows, func(i, j int) bool {
			if rows[i].DeviceID != rows[j].DeviceID {
				return rows[i].DeviceID < rows[j].DeviceID
			}
			return rows[i].Minute < rows[j].Minute
		})
		batches = append(batches, flushBatch{newBatchID(), rows})
	}
	a.cur = nil
	a.mu.Unlock()
	for i, b := range batches {
		if err := a.Sink.AddShareMinutes(ctx, b.id, b.rows); err != nil {
			a.mu.Lock()
			a.retry = append(batches[i:], a.retry...)
			a.mu.Unlock()
			return err
		}
	}
	return nil
}

// Run flushes every interval until ctx ends, then flushes once more with a fresh context so
// that a graceful stop loses nothing.
func (a *Aggregator) Run(ctx context.Context, interval time.Duration) {
	flushEvery(ctx, interval, a.Flush, a.Log, "shares", a.Pending)
}

// flushEvery calls flush every interval until ctx ends, then once more with a fresh context
// (10 seconds at most) so that a graceful stop loses nothing; pending says what is left.
func flushEvery(ctx context.Context, interval time.Duration, flush func(context.Context) error, log *slog.Logger, what string, pending func() int) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if err := flush(ctx); err != nil && log != nil {
				log.Warn("mining: flush "+what, "err", err, "pending", pending())
			}
		case <-ctx.Done():
			final, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			if err := flush(final); err != nil && log != nil {
				log.Error("mining: final flush lost "+what, "err", err, "pending", pending())
			}
			cancel()
			return
		}
	}
}
