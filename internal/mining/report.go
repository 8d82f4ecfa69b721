package mining

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// The stratum process's reports for the operator console's overview (docs/operations.md
// "Overview and blocks"): the shares each server answered by result, and each engine's last
// block template and node failure. They live in this process's memory (and its /metrics);
// the console is served by the api process, so a Reporter writes them to the database
// every few seconds (stratum_heartbeats, share_results; migration 0035).

// templateState is the last template an engine took and the last failure to get one.
type templateState struct {
	mu     sync.Mutex
	at     time.Time
	height int64
	err    string
	errAt  time.Time
}

func (s *templateState) taken(height int64, now time.Time) {
	s.mu.Lock()
	s.at, s.height, s.err, s.errAt = now, height, "", time.Time{}
	s.mu.Unlock()
}

// maxNodeError bounds a node failure's text in the report.
const maxNodeError = 300

func (s *templateState) failed(err error, now time.Time) {
	text := err.Error()
	if len(text) > maxNodeError {
		cut := maxNodeError
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut] + "…"
	}
	s.mu.Lock()
	s.err, s.errAt = text, now
	s.mu.Unlock()
}

// templateFailed counts a failed template fetch or wait and keeps why.
func (e *Engine) templateFailed(err error) {
	e.templateErrors.Add(1)
	e.tpl.failed(err, time.Now())
}

// TemplateStatus is an engine's last template and the node's last failure since.
type TemplateStatus struct {
	At     time.Time // zero: no template yet
	Height int64
	// Err is the last failure to get a template after it ("" when the last try worked).
	Err   string
	ErrAt time.Time
}

// TemplateStatus reports the engine's last template and the node's last failure.
func (e *Engine) TemplateStatus() TemplateStatus {
	e.tpl.mu.Lock()
	defer e.tpl.mu.Unlock()
	return TemplateStatus{At: e.tpl.at, Height: e.tpl.height, Err: e.tpl.err, ErrAt: e.tpl.errAt}
}

// ShareCounter is what a Reporter reads of a stratum server (*stratum.Server).
type ShareCounter interface {
	Stats() stratum.Stats
}

// ResultAccepted is the result of accepted shares in share_results; the others are
// stratum.RejectReason's names.
const ResultAccepted = "accepted"

// ReportKeep is how long share_results rows are kept.
const ReportKeep = 48 * time.Hour

// Reporter writes one stratum server's share counts and its engine's template status to
// the database. Each minute's row holds the whole count of that minute and is replaced,
// not added to: a write retried after an error whose commit did reach the database counts
// nothing twice, and counts that could not be written are kept and written by the next
// report.
type Reporter struct {
	DB   *db.DB
	Coin string
	// Source names the reporting server, unique over the pool's processes (a random id of
	// the process and the server's name): the rows of two processes are summed, not mixed.
	Source string
	Server ShareCounter
	// Engine, when set, gives the template status (the heartbeat).
	Engine *Engine
	Log    *slog.Logger
	// Now is the clock; nil is time.Now.
	Now func() time.Time

	last    map[string]uint64          // the server's counts at the last report
	minutes map[int64]map[string]int64 // counts by minute and result not yet known written
	pruned  time.Time
}

func (r *Reporter) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// Run reports every period until ctx ends.
func (r *Reporter) Run(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if err := r.Report(ctx); err != nil && ctx.Err() == nil && r.Log != nil {
			r.Log.Warn("mining: report for the console", "coin", r.Coin, "source", r.Source, "err", err)
		}
	}
}

// Report writes the counts since the last report into the current minute's rows, and the
// heartbeat, in one transaction.
func (r *Reporter) Report(ctx context.Context) error {
	now := r.now()
	minute := now.UnixMilli() - now.UnixMilli()%time.Minute.Milliseconds()
	if r.minutes == nil {
		r.minutes, r.last = map[int64]map[string]int64{}, map[string]uint64{}
	}
	if r.Server != nil {
		st := r.Server.Stats()
		counts := map[string]uint64{ResultAccepted: st.SharesAccepted}
		for reason, n := range st.Rejections {
			counts[reason] = n
		}
		for result, n := range counts {
			if d := n - r.last[result]; n > r.last[result] {
				if r.minutes[minute] == nil {
					r.minutes[minute] = map[string]int64{}
				}
				r.minutes[minute][result] += int64(d)
			}
			r.last[result] = n
		}
	}
	err := r.DB.InTx(ctx, func(tx *db.Tx) error {
		for m, byResult := range r.minutes {
			for result, n := range byResult {
				if _, err := tx.Exec(ctx, `INSERT INTO share_results (coin, source, minute, result, n) VALUES (?, ?, ?, ?, ?)
					ON CONFLICT (coin, source, minute, result) DO UPDATE SET n = excluded.n`, r.Coin, r.Source, m, result, n); err != nil {
					return err
				}
			}
		}
		if r.Engine == nil {
			return nil
		}
		ts := r.Engine.TemplateStatus()
		_, err := tx.Exec(ctx, `INSERT INTO stratum_heartbeats (coin, source, template_at, template_height, node_error, node_error_at, beat_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (coin, source) DO UPDATE SET template_at = excluded.template_at, template_height = excluded.template_height,
				node_error = excluded.node_error, node_error_at = excluded.node_error_at, beat_at = excluded.beat_at`,
			r.Coin, r.Source, millisOrZero(ts.At), ts.Height, ts.Err, millisOrZero(ts.ErrAt), now.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("mining: report %s: %w", r.Coin, err)
	}
	// Written: only the current minute may still grow (its row is written whole again).
	for m := range r.minutes {
		if m < minute {
			delete(r.minutes, m)
		}
	}
	if now.Sub(r.pruned) >= time.Hour {
		if _, err := r.DB.Exec(ctx, "DELETE FROM share_results WHERE coin = ? AND minute < ?", r.Coin, now.Add(-ReportKeep).UnixMilli()); err != nil {
			return fmt.Errorf("mining: prune share results %s: %w", r.Coin, err)
		}
		if _, err := r.DB.Exec(ctx, "DELETE FROM stratum_heartbeats WHERE coin = ? AND beat_at < ?", r.Coin, now.Add(-ReportKeep).UnixMilli()); err != nil {
			return fmt.Errorf("mining: prune heartbeats %s: %w", r.Coin, err)
		}
		r.pruned = now
	}
	return nil
}

func millisOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// ShareResults sums a coin's share results of every server in the minutes from from
// (inclusive) to to (exclusive), by result.
func ShareResults(ctx context.Context, q db.Querier, coin string, from, to time.Time) (map[string]int64, error) {
	rows, err := q.Query(ctx, `SELECT result, CAST(SUM(n) AS BIGINT) FROM share_results WHERE coin = ? AND minute >= ? AND minute < ? GROUP BY result`,
		coin, from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("mining: share results %s: %w", coin, err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var result string
		var n int64
		if err := rows.Scan(&result, &n); err != nil {
			return nil, err
		}
		out[result] = n
	}
	return out, rows.Err()
}

// Heartbeat is a stratum server's last report of its engine.
type Heartbeat struct {
	Source         string
	TemplateAt     int64 // Unix ms; 0: no template yet
	TemplateHeight int64
	NodeError      string
	NodeErrorAt    int64
	BeatAt         int64
}

// LatestHeartbeat is the coin's most recent heartbeat of any server, or db.ErrNotFound
// when no stratum process has reported the coin.
func LatestHeartbeat(ctx context.Context, q db.Querier, coin string) (Heartbeat, error) {
	rows, err := q.Query(ctx, `SELECT source, template_at, template_height, node_error, node_error_at, beat_at
		FROM stratum_heartbeats WHERE coin = ?`, coin)
	if err != nil {
		return Heartbeat{}, fmt.Errorf("mining: heartbeats %s: %w", coin, err)
	}
	defer rows.Close()
	var all []Heartbeat
	for rows.Next() {
		var h Heartbeat
		if err := rows.Scan(&h.Source, &h.TemplateAt, &h.TemplateHeight, &h.NodeError, &h.NodeErrorAt, &h.BeatAt); err != nil {
			return Heartbeat{}, err
		}
		all = append(all, h)
	}
	if err := rows.Err(); err != nil {
		return Heartbeat{}, err
	}
	if len(all) == 0 {
		return Heartbeat{}, fmt.Errorf("mining: heartbeat %s: %w", coin, db.ErrNotFound)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].BeatAt > all[j].BeatAt })
	return all[0], nil
}
