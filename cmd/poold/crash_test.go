package main

import (
	"context"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/ledger"
)

// childEnv makes this test binary run as poold: the crash test starts it as a real
// process with the command line it wants, and kills it.
const childEnv = "POOLD_CRASH_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// killsEnv sets how many SIGKILLs the crash test deals (make crash: 200).
const killsEnv = "POOLD_CRASH_KILLS"

// Settling is crash-safe: poold settles weeks of a large pool's accruals while it is
// killed with SIGKILL at random moments and started again, and afterwards the ledger
// check passes, every sub-account's day is booked once, and what was paid plus what is
// carried is exactly what accrued, to the millionth of a minor unit.
func TestSettlementSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts poold processes")
	}
	kills := 12
	if v, err := strconv.Atoi(os.Getenv(killsEnv)); err == nil && v > 0 {
		kills = v
	}
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "crash.db")
		d, err := db.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		crashLoop(t, d, path, kills)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn, _ := dbtest.NewPostgresSchema(t)
		d, err := db.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		crashLoop(t, d, dsn, max(1, kills/4))
	})
}

const (
	crashSubs    = 4000 // sub-accounts accruing every day
	crashMinutes = 3    // minute rows per sub-account and day
	crashDays    = 10   // days added per round
)

func crashLoop(t *testing.T, d *db.DB, dsn string, kills int) {
	ctx := context.Background()
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	ltc := coin.Coin{Type: "LTC", Name: "Litecoin", AliasName: "LTC", Algorithm: "scrypt", ChainUnit: "LTC", MinHashUnit: "KH/s", Decimals: 8,
		SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 150, Driver: coin.DriverDevnet}
	if err := (&coin.Store{DB: d}).Put(ctx, ltc); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	start := earnings.Day("2025-01-01")
	accrued := map[int64]*big.Int{}
	dealt, rounds := 0, 0
	var last earnings.Day
	for dealt < kills {
		// A round: add crashDays more days of accruals, then settle them while killing.
		first := start
		if last != "" {
			first = last.Next()
		}
		last = addCrashDays(t, d, rng, first, accrued)
		rounds++
		args := []string{"admin", "--db", dsn, "earnings", "settle", "--coin", "LTC", "--day", string(last)}
		for dealt < kills {
			killed, err := runOrKill(t, args, time.Duration(rng.IntN(1200))*time.Millisecond)
			if err != nil {
				t.Fatalf("settle: %v", err)
			}
			if !killed {
				break
			}
			dealt++
			checkCrashLedger(t, d, accrued, last, false)
		}
		if dealt >= kills {
			if _, err := runOrKill(t, args, time.Hour); err != nil {
				t.Fatalf("settle: %v", err)
			}
		}
		checkCrashLedger(t, d, accrued, last, true)
	}
	t.Logf("%d kills over %d rounds of %d days x %d sub-accounts", dealt, rounds, crashDays, crashSubs)
}

// runOrKill runs poold with args as a child process and kills it with SIGKILL after
// delay unless it ends first; it says whether it was killed, and a finished run's error.
func runOrKill(t *testing.T, args []string, delay time.Duration) (killed bool, err error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return false, err
	case <-time.After(delay):
		_ = cmd.Process.Signal(syscall.SIGKILL)
		<-done
		return true, nil
	}
}

// addCrashDays writes crashDays days of accruals from first and adds what each
// sub-account accrued (in millionths, as the settlement counts) to accrued.
func addCrashDays(t *testing.T, d *db.DB, rng *rand.Rand, first earnings.Day, accrued map[int64]*big.Int) earnings.Day {
	t.Helper()
	ctx := context.Background()
	day := first
	for i := 0; i < crashDays; i++ {
		rows := make([]earnings.Accrual, 0, crashSubs*crashMinutes)
		for sub := int64(1); sub <= crashSubs; sub++ {
			for m := 0; m < crashMinutes; m++ {
				ratio := rng.Float64() * 1e-6
				rows = append(rows, earnings.Accrual{SubAccountID: sub, UserID: 1000 + sub%50, Coin: "LTC",
					Minute: day.Start().Add(time.Duration(m*97) * time.Minute).UnixMilli(), Reward: 625_000_000, FeeBps: 150,
					RatioSum: ratio, DiffSum: ratio * 1e6, Accepted: 1})
				v, err := earnings.MinuteMicro(ratio, 625_000_000, 150)
				if err != nil {
					t.Fatal(err)
				}
				if accrued[sub] == nil {
					accrued[sub] = new(big.Int)
				}
				accrued[sub].Add(accrued[sub], v)
			}
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error { return earnings.AddAccruals(ctx, tx, rows) }); err != nil {
			t.Fatal(err)
		}
		if i < crashDays-1 {
			day = day.Next()
		}
	}
	return day
}

// checkCrashLedger checks the books after a kill or a finished run: balances match the
// journal, one log row per sub-account and day, one journal row per paid log row, and
// once all is settled (complete), paid plus carried equals accrued for every sub-account.
func checkCrashLedger(t *testing.T, d *db.DB, accrued map[int64]*big.Int, last earnings.Day, complete bool) {
	t.Helper()
	ctx := context.Background()
	rep, err := ledger.Check(ctx, d)
	if err != nil || !rep.OK() {
		t.Fatalf("ledger check after a kill: %+v %v", rep.Mismatches, err)
	}
	var rows, distinct, paid, journal int
	q := func(sql string, v *int) {
		if err := d.QueryRow(ctx, sql).Scan(v); err != nil {
			t.Fatal(err)
		}
	}
	q("SELECT COUNT(*) FROM earnings", &rows)
	q("SELECT COUNT(*) FROM (SELECT DISTINCT sub_account_id, coin, day FROM earnings) x", &distinct)
	q("SELECT COUNT(*) FROM earnings WHERE amount > 0", &paid)
	q("SELECT COUNT(*) FROM ledger_entries", &journal)
	if rows != distinct || paid != journal {
		t.Fatalf("%d log rows for %d sub-account days; %d paid rows, %d journal rows", rows, distinct, paid, journal)
	}
	if !complete {
		return
	}
	var settledTo string
	_ = d.QueryRow(ctx, "SELECT MAX(day) FROM settlements WHERE coin = 'LTC'").Scan(&settledTo)
	if earnings.Day(settledTo) != last {
		t.Fatalf("settled to %s, want %s", settledTo, last)
	}
	got := map[int64]*big.Int{}
	r, err := d.Query(ctx, "SELECT b.sub_account_id, b.earned, c.micro FROM balances b JOIN earning_carries c ON c.sub_account_id = b.sub_account_id AND c.coin = b.coin")
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var sub, earned, carry int64
		if err := r.Scan(&sub, &earned, &carry); err != nil {
			t.Fatal(err)
		}
		v := new(big.Int).Mul(big.NewInt(earned), big.NewInt(earnings.MicroPerMinor))
		got[sub] = v.Add(v, big.NewInt(carry))
	}
	r.Close()
	for sub, want := range accrued {
		if g := got[sub]; g == nil || g.Cmp(want) != 0 {
			t.Fatalf("sub-account %d: paid and carried %v millionths, accrued %v", sub, g, want)
		}
	}
}
