package earnings_test

import (
	"context"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// A fee change made during day D leaves D's settlement at the fee D began with, even for
// shares a stratum process restarted after the change credited at the new fee, and pays
// D+1 at the new fee, even for shares a process that never re-read the coin credited at
// the old one (docs/earnings.md "What a share earns").
func TestFeeChangeDuringADayAppliesFromTheNextDay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		day := earnings.Day("2026-02-10")
		changedAt := day.Start().Add(12 * time.Hour)
		coins := &coin.Store{DB: d, Now: func() time.Time { return changedAt }}
		ltc := coin.Coin{Type: "LTC", Name: "Litecoin", AliasName: "LTC", Algorithm: "scrypt", ChainUnit: "LTC", MinHashUnit: "MH/s",
			Decimals: 8, FeeBps: 200, SettleModel: coin.SettleModelPPS, SettleTime: "08:00", Driver: coin.DriverDevnet}
		if err := coins.Put(ctx, ltc); err != nil {
			t.Fatal(err)
		}
		accrue(t, d, 7, day.Start().Add(time.Hour), 0.5, 625_000_000, 200)
		fee := 500
		res, err := coins.Update(ctx, audit.CLI, "LTC", coin.Change{FeeBps: &fee}.Apply, "fee review")
		if err != nil || res.TermsFrom != string(day.Next()) || res.Coin.FeeBps != 200 || res.Coin.Pending == nil || res.Coin.Pending.FeeBps != 500 {
			t.Fatalf("update: %+v %v", res, err)
		}
		accrue(t, d, 7, day.Start().Add(13*time.Hour), 0.5, 625_000_000, 500)        // a restarted process
		accrue(t, d, 7, day.Next().Start().Add(2*time.Hour), 0.5, 625_000_000, 200)  // one that did not re-read
		accrue(t, d, 8, day.Next().Start().Add(3*time.Hour), 0.25, 625_000_000, 500) // one that did
		s := &earnings.Store{DB: d}
		c, err := coins.Get(ctx, "LTC")
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.SettleThrough(ctx, c, day, day.End().Add(9*time.Hour))
		if err != nil || len(r) != 1 || r[0].Amount != 2*306_250_000 {
			t.Fatalf("day D settled %+v %v; want two halves of 6.25 LTC at 2%%", r, err)
		}
		r, err = s.SettleThrough(ctx, c, day.Next(), day.Next().End().Add(9*time.Hour))
		if err != nil || len(r) != 1 || r[0].Amount != 296_875_000+148_437_500 {
			t.Fatalf("day D+1 settled %+v %v; want 6.25 LTC x (0.5 + 0.25) at 5%%", r, err)
		}
		if avail, _ := balance(t, d, 7); avail != 2*306_250_000+296_875_000 {
			t.Fatalf("sub-account 7 has %d", avail)
		}
		checkLedger(t, d)
	})
}
