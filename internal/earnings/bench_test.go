package earnings_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/scope"
)

// benchSubsEnv overrides how many sub-account days the settlement benchmark settles.
const benchSubsEnv = "POOLD_BENCH_SETTLE_SUBS"

// Settling one day of 1,000,000 sub-accounts (issue 11 asks for under 30 s): each has a
// minute row and a carry from the day before, and every one is paid, so the benchmark
// writes a million log rows, journal rows, balances and carries.
//
//	go test -run '^$' -bench Settle -benchtime 1x ./internal/earnings
func BenchmarkSettleMillionSubAccountDays(b *testing.B) {
	subs := 1_000_000
	if v, err := strconv.Atoi(os.Getenv(benchSubsEnv)); err == nil && v > 0 {
		subs = v
	}
	for _, kind := range []string{"sqlite", "postgres"} {
		b.Run(kind, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				var d *db.DB
				if kind == "sqlite" {
					d = dbtest.SQLite(b)
				} else {
					d = dbtest.Postgres(b)
				}
				day := earnings.Day("2026-06-02")
				fillBench(b, d, subs, day)
				b.StartTimer()
				res, err := (&earnings.Store{DB: d}).SettleThrough(context.Background(), ltc, day, day.End().Add(9*time.Hour))
				b.StopTimer()
				if err != nil || len(res) != 1 || res[0].SubAccounts != subs {
					b.Fatalf("settled %+v %v", res, err)
				}
				if rep, err := ledger.Check(context.Background(), d); err != nil || !rep.OK() {
					b.Fatalf("ledger %v %v", rep.Mismatches, err)
				}
			}
			b.ReportMetric(float64(subs), "sub-account-days/op")
		})
	}
}

// fillBench writes the accruals: a small one the day before (settled first, untimed, so
// the timed day carries) and one per sub-account on day.
func fillBench(b *testing.B, d *db.DB, subs int, day earnings.Day) {
	ctx := context.Background()
	prev := day.Prev()
	const batch = 20_000
	for _, dd := range []earnings.Day{prev, day} {
		for from := 1; from <= subs; from += batch {
			rows := make([]earnings.Accrual, 0, batch)
			for sub := from; sub < from+batch && sub <= subs; sub++ {
				rows = append(rows, earnings.Accrual{SubAccountID: int64(sub), UserID: int64(sub/10 + 1), Coin: "LTC",
					Minute: dd.Start().Add(time.Duration(sub%1440) * time.Minute).UnixMilli(), Reward: 625_000_000, FeeBps: 200,
					RatioSum: 1e-6 * float64(sub%97+1), DiffSum: 1, Accepted: 1})
			}
			if err := d.InTx(ctx, func(tx *db.Tx) error { return earnings.AddAccruals(ctx, tx, rows) }); err != nil {
				b.Fatal(err)
			}
		}
	}
	if _, err := (&earnings.Store{DB: d}).SettleThrough(ctx, ltc, prev, day.Start()); err != nil {
		b.Fatal(err)
	}
}

// A user's settling estimate among a large pool's sub-accounts (every one with a carry):
// the cost is the user's rows, not the pool's. It read every carry of the coin, 100,000
// rows a request here, before the carries were read by sub-account.
//
//	go test -run '^$' -bench SettlingAmong ./internal/earnings
func BenchmarkSettlingAmongManySubAccounts(b *testing.B) {
	for _, kind := range []string{"sqlite", "postgres"} {
		b.Run(kind, func(b *testing.B) {
			var d *db.DB
			if kind == "sqlite" {
				d = dbtest.SQLite(b)
			} else {
				d = dbtest.Postgres(b)
			}
			day := earnings.Day("2026-06-02")
			fillBench(b, d, 100_000, day)
			st := &earnings.Store{DB: d}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				est, err := st.Settling(context.Background(), scope.User(1), "LTC")
				if err != nil || len(est) == 0 {
					b.Fatalf("%d estimates, %v", len(est), err)
				}
			}
		})
	}
}
