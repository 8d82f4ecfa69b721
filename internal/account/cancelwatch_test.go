package account_test

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// The stratum role's watch closes the connections of the sub-accounts of accounts
// cancelled lately, read from the database (the api process that cancels may be another
// process), again at every pass within the look-back, and nobody else's.
func TestCancelWatchClosesTheConnectionsOfCancelledAccounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := accounttest.NewClock(time.Now())
		store := &account.Store{DB: d}
		gone := accounttest.NewUser(t, d, "gone@example.com", "", clk.Now())
		stays := accounttest.NewUser(t, d, "stays@example.com", "", clk.Now())
		subs := map[int64][]string{gone.ID: {"farm", "lab"}, stays.ID: {"other"}}
		var closed [][]string
		w := &account.CancelWatch{Store: store, Now: clk.Now,
			Codes: func(_ context.Context, userID int64) ([]string, error) { return subs[userID], nil },
			Close: func(codes map[string]bool) int {
				closed = append(closed, slices.Sorted(maps.Keys(codes)))
				return len(codes)
			}}
		pass := func() []string {
			t.Helper()
			closed = nil
			if _, err := w.Check(ctx); err != nil {
				t.Fatal(err)
			}
			if len(closed) == 0 {
				return nil
			}
			return closed[0]
		}
		if got := pass(); got != nil {
			t.Fatalf("nothing cancelled, closed %v", got)
		}
		if err := store.Cancel(ctx, d, gone.ID); err != nil {
			t.Fatal(err)
		}
		if got := pass(); !slices.Equal(got, []string{"farm", "lab"}) {
			t.Fatalf("after the cancellation closed %v, want [farm lab]", got)
		}
		// Again at the next passes, for a worker that slipped in between.
		clk.Add(account.CancelWatchLookback - time.Minute)
		if got := pass(); !slices.Equal(got, []string{"farm", "lab"}) {
			t.Fatalf("within the look-back closed %v, want [farm lab]", got)
		}
		clk.Add(2 * time.Minute)
		if got := pass(); got != nil {
			t.Fatalf("past the look-back closed %v", got)
		}
	})
}
