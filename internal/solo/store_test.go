package solo_test

import (
	"context"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/solo"
)

// Shares are kept one row each with everything the solo pages show, and go after Kept.
func TestSoloSharesAreKeptOneRowEach(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &solo.Store{DB: d}
		now := time.Now().Truncate(time.Millisecond)
		rows := []mining.SoloShare{
			{Coin: "LTC", Address: "addr1", Worker: "rig1", Difficulty: 0.5, Actual: 0.75, Height: 101, NetDiff: 12.5, At: now.Add(-solo.Kept - time.Hour)},
			{Coin: "LTC", Address: "addr1", Worker: "", Difficulty: 0.5, Actual: 20, Height: 102, NetDiff: 12.5, Block: true, At: now},
		}
		if err := s.AddSoloShares(ctx, rows); err != nil {
			t.Fatal(err)
		}
		var n, blocks int
		var best float64
		if err := d.QueryRow(ctx, "SELECT COUNT(*), SUM(CASE WHEN block THEN 1 ELSE 0 END), MAX(actual) FROM solo_shares WHERE coin = 'LTC' AND address = 'addr1'").
			Scan(&n, &blocks, &best); err != nil || n != 2 || blocks != 1 || best != 20 {
			t.Fatalf("rows %d blocks %d best %g (%v)", n, blocks, best, err)
		}
		if gone, err := s.Prune(ctx, now); err != nil || gone != 1 {
			t.Fatalf("prune: %d (%v)", gone, err)
		}
	})
}
