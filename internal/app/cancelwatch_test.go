package app

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
)

// fakeStratum is a stratum server's live workers, one connection each, as CloseWorkers
// sees them.
type fakeStratum struct{ workers []string }

func (f *fakeStratum) CloseWorkers(match func(worker string) bool) int {
	n := 0
	f.workers = slices.DeleteFunc(f.workers, func(w string) bool {
		if match(w) {
			n++
			return true
		}
		return false
	})
	return n
}

// The stratum role's watch closes the connections of a cancelled account's workers, by
// its sub-accounts' codes from the pool (in any case, as authorize reads worker names),
// on every stratum server of the process, and no one else's.
func TestCancelWatchClosesACancelledAccountsWorkers(t *testing.T) {
	ctx := context.Background()
	d := dbtest.SQLite(t)
	now := time.Now()
	gone := accounttest.NewUser(t, d, "gone@example.com", "", now)
	stays := accounttest.NewUser(t, d, "stays@example.com", "", now)
	c := coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", AliasName: "BTC", MinHashUnit: "H/s", Decimals: 8,
		OpenStatus: true, SettleModel: coin.SettleModelPPS, SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3333}}
	if err := (&coin.Store{DB: d}).Put(ctx, c); err != nil {
		t.Fatal(err)
	}
	ps := &pool.Store{DB: d}
	for _, s := range []struct {
		user int64
		code string
	}{{gone.ID, "farm"}, {gone.ID, "lab"}, {stays.ID, "farmer"}} {
		if _, err := ps.CreateSubAccount(ctx, s.user, s.code, s.code, "BTC"); err != nil {
			t.Fatal(err)
		}
	}
	btc := &fakeStratum{workers: []string{"farm.rig1", "FARM.rig2", "farmer.rig1", "lab.x"}}
	ltc := &fakeStratum{workers: []string{"lab.rig3", "farmer.rig4"}}
	w := cancelWatch(d, []workerCloser{btc, ltc}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if n, err := w.Check(ctx); err != nil || n != 0 {
		t.Fatalf("nothing cancelled: closed %d (%v)", n, err)
	}
	if err := (&account.Store{DB: d}).Cancel(ctx, d, gone.ID); err != nil {
		t.Fatal(err)
	}
	if n, err := w.Check(ctx); err != nil || n != 4 {
		t.Fatalf("closed %d (%v), want 4", n, err)
	}
	if !slices.Equal(btc.workers, []string{"farmer.rig1"}) || !slices.Equal(ltc.workers, []string{"farmer.rig4"}) {
		t.Fatalf("left open: %v and %v, want only the other account's", btc.workers, ltc.workers)
	}
}
