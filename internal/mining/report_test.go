package mining

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// fakeCounter is a stratum server's counters.
type fakeCounter struct{ st stratum.Stats }

func (f *fakeCounter) Stats() stratum.Stats { return f.st }

// A Reporter writes each minute's share counts whole (a report repeated writes the same
// count, never twice the count), keeps the counts of a report that failed for the next,
// sums the servers of the pool by result, and writes the engine's last template and
// node failure as the coin's heartbeat.
func TestReporterSharesAndHeartbeat(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := time.Date(2026, 11, 29, 10, 0, 5, 0, time.UTC)
		srv := &fakeCounter{st: stratum.Stats{SharesAccepted: 10, Rejections: map[string]uint64{"stale": 2, "duplicate": 0}}}
		eng := &Engine{}
		rep := &Reporter{DB: d, Coin: "TST", Source: "p1/TST", Server: srv, Engine: eng, Now: func() time.Time { return clock }}
		other := &Reporter{DB: d, Coin: "TST", Source: "p2/TST", Now: func() time.Time { return clock },
			Server: &fakeCounter{st: stratum.Stats{SharesAccepted: 5, Rejections: map[string]uint64{"low_difficulty": 4}}}}
		results := func() map[string]int64 {
			t.Helper()
			r, err := ShareResults(ctx, d, "TST", clock.Add(-24*time.Hour), clock.Add(time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		for _, r := range []*Reporter{rep, rep, other} { // the second report of rep has nothing new
			if err := r.Report(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got := results(); got["accepted"] != 15 || got["stale"] != 2 || got["low_difficulty"] != 4 || len(got) != 3 {
			t.Fatalf("first minute: %v", got)
		}
		clock = clock.Add(20 * time.Second) // the same minute: its row grows
		srv.st.SharesAccepted, srv.st.Rejections["duplicate"] = 13, 1
		if err := rep.Report(ctx); err != nil {
			t.Fatal(err)
		}
		if got := results(); got["accepted"] != 18 || got["duplicate"] != 1 {
			t.Fatalf("same minute: %v", got)
		}
		// A report that fails keeps its counts: the next one writes them.
		clock = clock.Add(time.Minute)
		srv.st.SharesAccepted = 20
		failing := *rep
		failing.DB = closedDB(t)
		if err := failing.Report(ctx); err == nil {
			t.Fatal("a report on a closed database worked")
		}
		rep.minutes, rep.last = failing.minutes, failing.last
		clock = clock.Add(time.Minute)
		if err := rep.Report(ctx); err != nil {
			t.Fatal(err)
		}
		if got := results(); got["accepted"] != 25 {
			t.Fatalf("after a failed report: %v", got)
		}
		if got, _ := ShareResults(ctx, d, "TST", clock.Add(-90*time.Second), clock.Add(time.Minute)); got["accepted"] != 7 {
			t.Fatalf("the failed report's shares are not in its minute: %v", got)
		}

		// The heartbeat: no template yet, then a template, then a failure.
		if _, err := LatestHeartbeat(ctx, d, "OTHER"); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("no heartbeat: %v", err)
		}
		h, err := LatestHeartbeat(ctx, d, "TST")
		if err != nil || h.TemplateAt != 0 || h.BeatAt != clock.UnixMilli() || h.Source != "p1/TST" {
			t.Fatalf("heartbeat before a template: %+v %v", h, err)
		}
		at := clock.Add(-3 * time.Second)
		eng.tpl.taken(812, at)
		eng.templateFailed(errors.New("connection refused"))
		clock = clock.Add(5 * time.Second)
		if err := rep.Report(ctx); err != nil {
			t.Fatal(err)
		}
		h, _ = LatestHeartbeat(ctx, d, "TST")
		if h.TemplateAt != at.UnixMilli() || h.TemplateHeight != 812 || h.NodeError != "connection refused" || h.NodeErrorAt == 0 {
			t.Fatalf("heartbeat: %+v", h)
		}
		eng.tpl.taken(813, clock)
		if st := eng.TemplateStatus(); st.Err != "" || st.Height != 813 {
			t.Fatalf("a new template clears the failure: %+v", st)
		}
	})
}

// closedDB is a database that refuses every statement.
func closedDB(t *testing.T) *db.DB {
	t.Helper()
	d := dbtest.SQLite(t)
	d.Close()
	return d
}
