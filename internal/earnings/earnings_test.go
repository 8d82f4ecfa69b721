package earnings_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/scope"
)

var ltc = coin.Coin{Type: "LTC", Algorithm: "scrypt", SettleTime: "08:00", Decimals: 8}

// Worked by hand: micro = ratio x reward x (10000 - fee) x 100, rounded down.
func TestMinuteMicroByHand(t *testing.T) {
	cases := []struct {
		ratio  float64
		reward int64
		fee    int
		want   string
	}{
		// Half a 6.25 LTC block at 2%: 3.0625 LTC = 306,250,000 litoshi.
		{0.5, 625_000_000, 200, "306250000000000"},
		// 0.006 of a 1,000-unit reward at 1%: 5.94 units.
		{0.006, 1000, 100, "5940000"},
		// A millionth of a unit is the smallest thing kept: 3e-10 of 1,000 units at 0% is
		// 0.0003 units = 300 micro.
		{3e-10, 1_000_000_000, 0, "300000"},
		// Below a millionth rounds down to nothing.
		{1e-16, 1000, 0, "0"},
		// A whole block at 100% fee earns nothing.
		{1, 625_000_000, 10000, "0"},
	}
	for _, c := range cases {
		got, err := earnings.MinuteMicro(c.ratio, c.reward, c.fee)
		if err != nil || got.String() != c.want {
			t.Errorf("MinuteMicro(%v, %d, %d) = %v, %v; want %s", c.ratio, c.reward, c.fee, got, err, c.want)
		}
	}
	if _, err := earnings.MinuteMicro(-1, 1, 0); err == nil {
		t.Error("a negative ratio was accepted")
	}
}

func TestSplitCarriesTheRemainder(t *testing.T) {
	amount, carry, err := earnings.Split(big.NewInt(5_940_000), 300_000)
	if err != nil || amount != 6 || carry != 240_000 {
		t.Fatalf("Split = %d, %d, %v; want 6 units and 240000 carried", amount, carry, err)
	}
	huge, _ := new(big.Int).SetString("99999999999999999999999999999", 10)
	if _, _, err := earnings.Split(huge, 0); err == nil {
		t.Fatal("an amount beyond 64 bits was accepted")
	}
}

// Days are Beijing days: 15:59:59 UTC is 23:59:59 in Beijing, one second later is the next
// day. A caller in New York sees the same day boundaries; only the display differs.
func TestBeijingDayBoundary(t *testing.T) {
	before := time.Date(2026, 3, 1, 15, 59, 59, 0, time.UTC)
	after := before.Add(time.Second)
	if earnings.DayOf(before) != "2026-03-01" || earnings.DayOf(after) != "2026-03-02" {
		t.Fatalf("days %s %s", earnings.DayOf(before), earnings.DayOf(after))
	}
	ny, _ := time.LoadLocation("America/New_York")
	if ny != nil && earnings.DayOf(after.In(ny)) != "2026-03-02" {
		t.Fatal("the day depends on the caller's zone")
	}
	d := earnings.Day("2026-03-02")
	if !d.Start().Equal(after) || !d.End().Equal(after.Add(24*time.Hour)) || d.Prev() != "2026-03-01" || d.Next() != "2026-03-03" {
		t.Fatalf("day %s: %v - %v", d, d.Start(), d.End())
	}
	at, _ := earnings.SettleAt(d, "08:00")
	if !at.Equal(time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("2026-03-02 settles at %v, want 08:00 Beijing on the 3rd", at)
	}
	// Just before 08:00 Beijing the day before yesterday is the last due; at 08:00 yesterday.
	if due, _ := earnings.LastDue(at.Add(-time.Second), "08:00"); due != "2026-03-01" {
		t.Fatalf("last due before the time: %s", due)
	}
	if due, _ := earnings.LastDue(at, "08:00"); due != "2026-03-02" {
		t.Fatalf("last due at the time: %s", due)
	}
}

// accrue writes one minute row: sub-account sub of user 100+sub earns ratio of reward.
func accrue(t *testing.T, d *db.DB, sub int64, at time.Time, ratio float64, reward int64, fee int) {
	t.Helper()
	err := d.InTx(context.Background(), func(tx *db.Tx) error {
		return earnings.AddAccruals(context.Background(), tx, []earnings.Accrual{{SubAccountID: sub, UserID: 100 + sub, Coin: "LTC",
			Minute: at.Truncate(time.Minute).UnixMilli(), Reward: reward, FeeBps: fee, RatioSum: ratio, DiffSum: ratio * 1000, Accepted: 1}})
	})
	if err != nil {
		t.Fatal(err)
	}
}

func balance(t *testing.T, d *db.DB, sub int64) (available, earned int64) {
	t.Helper()
	err := d.QueryRow(context.Background(), "SELECT available, earned FROM balances WHERE sub_account_id = ? AND coin = 'LTC'", sub).Scan(&available, &earned)
	if err != nil && !errors.Is(err, db.ErrNotFound) && err.Error() != "sql: no rows in result set" {
		t.Fatal(err)
	}
	return
}

func checkLedger(t *testing.T, d *db.DB) ledger.Report {
	t.Helper()
	rep, err := ledger.Check(context.Background(), d)
	if err != nil || !rep.OK() {
		t.Fatalf("ledger check: %+v %v", rep.Mismatches, err)
	}
	return rep
}

// Thirty days of 0.3 units a day: nothing is paid until a whole unit has gathered, no
// millionth is lost or invented, and the ledger adds up.
func TestSettlementRoundsDownAndCarriesOverManyDays(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &earnings.Store{DB: d}
		first := earnings.Day("2026-01-01")
		for i := 0; i < 30; i++ {
			day := earnings.Day(first.Start().AddDate(0, 0, i).In(earnings.Beijing()).Format(time.DateOnly))
			// 0.3 units = ratio 0.0003 of a 1,000-unit reward at 0% fee, in two minutes.
			accrue(t, d, 1, day.Start().Add(10*time.Minute), 0.0001, 1000, 0)
			accrue(t, d, 1, day.Start().Add(11*time.Minute), 0.0002, 1000, 0)
		}
		last := earnings.Day("2026-01-30")
		res, err := s.SettleThrough(ctx, ltc, last, last.End().Add(9*time.Hour))
		if err != nil || len(res) != 30 {
			t.Fatalf("settled %d days: %v", len(res), err)
		}
		var paid []int64
		rows, err := d.Query(ctx, "SELECT amount, carry_out FROM earnings WHERE sub_account_id = 1 ORDER BY day")
		if err != nil {
			t.Fatal(err)
		}
		var carry int64
		for rows.Next() {
			var a int64
			if err := rows.Scan(&a, &carry); err != nil {
				t.Fatal(err)
			}
			paid = append(paid, a)
		}
		rows.Close()
		total := int64(0)
		for _, a := range paid {
			total += a
		}
		// 30 x 0.3 = 9 units exactly: 9 paid, nothing carried. The first unit is paid on
		// the fourth day (0.3, 0.6, 0.9, 1.2).
		if len(paid) != 30 || total != 9 || carry != 0 || paid[0] != 0 || paid[2] != 0 || paid[3] != 1 {
			t.Fatalf("paid %v (total %d), carry %d", paid, total, carry)
		}
		if avail, earned := balance(t, d, 1); avail != 9 || earned != 9 {
			t.Fatalf("balance %d, earned %d", avail, earned)
		}
		checkLedger(t, d)
	})
}

// A retried or doubled settlement changes nothing; a day settles only after it ended.
func TestSettlementIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &earnings.Store{DB: d}
		day := earnings.Day("2026-02-10")
		accrue(t, d, 7, day.Start().Add(time.Hour), 0.5, 625_000_000, 200)
		accrue(t, d, 8, day.Start().Add(2*time.Hour), 0.25, 625_000_000, 200)
		if _, err := s.SettleThrough(ctx, ltc, day, day.End().Add(-time.Second)); !errors.Is(err, earnings.ErrNotOver) {
			t.Fatalf("settling a day before its end: %v", err)
		}
		now := day.End().Add(time.Hour)
		r1, err := s.SettleThrough(ctx, ltc, day, now)
		if err != nil || len(r1) != 1 || r1[0].Already || r1[0].SubAccounts != 2 || r1[0].Amount != 306_250_000+153_125_000 {
			t.Fatalf("first run %+v %v", r1, err)
		}
		r2, err := s.SettleThrough(ctx, ltc, day, now.Add(time.Hour))
		if err != nil || len(r2) != 1 || !r2[0].Already {
			t.Fatalf("second run %+v %v", r2, err)
		}
		var logs, entries int
		_ = d.QueryRow(ctx, "SELECT COUNT(*) FROM earnings").Scan(&logs)
		_ = d.QueryRow(ctx, "SELECT COUNT(*) FROM ledger_entries").Scan(&entries)
		if logs != 2 || entries != 2 {
			t.Fatalf("%d log rows, %d journal rows after two runs", logs, entries)
		}
		if avail, _ := balance(t, d, 7); avail != 306_250_000 {
			t.Fatalf("sub-account 7 has %d", avail)
		}
		// A share flushed late for the settled day is paid on the next day, not lost.
		accrue(t, d, 7, day.Start().Add(3*time.Hour), 0.5, 625_000_000, 200)
		var moved int64
		_ = d.QueryRow(ctx, "SELECT MIN(minute) FROM pps_minutes WHERE sub_account_id = 7 AND minute >= ?", day.End().UnixMilli()).Scan(&moved)
		if moved != day.End().UnixMilli() {
			t.Fatalf("late accrual at %d, want the next day's first minute %d", moved, day.End().UnixMilli())
		}
		checkLedger(t, d)
	})
}

// After downtime the jobs role settles the missed days in order, and only those whose
// settlement time has passed.
func TestDueCatchesUpInOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &earnings.Store{DB: d}
		first := earnings.Day("2026-04-01")
		for i := 0; i < 5; i++ {
			day := earnings.Day(first.Start().AddDate(0, 0, i).In(earnings.Beijing()).Format(time.DateOnly))
			accrue(t, d, 3, day.Start().Add(time.Hour), 0.001, 1_000_000, 0)
		}
		// 07:59 Beijing on April 6: April 5 is not due yet.
		early := time.Date(2026, 4, 6, 7, 59, 0, 0, earnings.Beijing())
		done, err := s.Due(ctx, []coin.Coin{ltc}, early)
		if err != nil || len(done) != 4 || done[0].Day != "2026-04-01" || done[3].Day != "2026-04-04" {
			t.Fatalf("early run settled %+v %v", done, err)
		}
		done, err = s.Due(ctx, []coin.Coin{ltc}, early.Add(time.Minute))
		if err != nil || len(done) != 1 || done[0].Day != "2026-04-05" {
			t.Fatalf("08:00 run settled %+v %v", done, err)
		}
		if done, err = s.Due(ctx, []coin.Coin{ltc}, early.Add(2*time.Minute)); err != nil || len(done) != 0 {
			t.Fatalf("a third run settled %+v %v", done, err)
		}
		if avail, _ := balance(t, d, 3); avail != 5_000 {
			t.Fatalf("balance %d after five days of 1,000", avail)
		}
		checkLedger(t, d)
	})
}

// The ledger refuses a balance below zero and its check finds a tampered balance.
func TestLedgerRefusesNegativeAndCheckFindsTampering(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Now()
		err := d.InTx(ctx, func(tx *db.Tx) error {
			_, err := ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: 1, UserID: 1, Coin: "LTC", Kind: ledger.KindEarning, Available: 100, Earned: 100, IdemKey: "a", Ref: "a", At: now}})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		err = d.InTx(ctx, func(tx *db.Tx) error {
			_, err := ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: 1, UserID: 1, Coin: "LTC", Kind: "test-debit", Available: -101, IdemKey: "b", Ref: "b", At: now}})
			return err
		})
		if !errors.Is(err, ledger.ErrNegative) {
			t.Fatalf("overdraft: %v", err)
		}
		// The refused row left nothing behind; the same key posted twice counts once.
		for i := 0; i < 2; i++ {
			if err := d.InTx(ctx, func(tx *db.Tx) error {
				_, err := ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: 1, UserID: 1, Coin: "LTC", Kind: "test-debit", Available: -40, IdemKey: "c", Ref: "c", At: now}})
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		// One post with a key twice is refused whole: it would credit the key twice.
		twice := ledger.Entry{SubAccountID: 1, UserID: 1, Coin: "LTC", Kind: ledger.KindEarning, Available: 5, Earned: 5, IdemKey: "d", Ref: "d", At: now}
		err = d.InTx(ctx, func(tx *db.Tx) error {
			_, err := ledger.Post(ctx, tx, []ledger.Entry{twice, twice})
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "twice") {
			t.Fatalf("a key twice in one post: %v", err)
		}
		rep := checkLedger(t, d)
		if rep.Entries != 2 || rep.Totals["LTC"].Available != 60 {
			t.Fatalf("report %+v", rep)
		}
		if _, err := d.Exec(ctx, "UPDATE balances SET available = available + 1"); err != nil {
			t.Fatal(err)
		}
		rep, err = ledger.Check(ctx, d)
		if err != nil || rep.OK() || len(rep.Mismatches) != 1 || rep.Mismatches[0].Cached.Available != 61 {
			t.Fatalf("tampered balance not found: %+v %v", rep, err)
		}
	})
}

// The audit CSV of a settled day lets anyone recompute it: this test parses the CSV and
// works the formula itself, without the package's code, down to the last minor unit.
func TestAuditRecomputesTheDay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &earnings.Store{DB: d}
		prev := earnings.Day("2026-05-01")
		day := earnings.Day("2026-05-02")
		// The day before leaves a carry; the day has minutes at two fees and a reward change.
		accrue(t, d, 5, prev.Start().Add(time.Hour), 0.00000123456789, 625_000_000, 150)
		for i := 0; i < 300; i++ {
			reward, fee := int64(625_000_000), 150
			if i >= 200 {
				reward, fee = 312_500_000, 200
			}
			accrue(t, d, 5, day.Start().Add(time.Duration(i)*time.Minute), 0.0000001*float64(i%7+1)+1e-12*float64(i), reward, fee)
		}
		if _, err := s.SettleThrough(ctx, ltc, day, day.End().Add(9*time.Hour)); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := s.Audit(ctx, scope.User(105), 5, "LTC", day, &buf); err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(&buf)
		r.FieldsPerRecord = -1
		records, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Int)
		var carryIn, amount, carryOut int64
		minutes := 0
		for i, rec := range records {
			switch {
			case strings.HasPrefix(rec[0], "#") || rec[0] == "minute_utc" || rec[0] == "accrued_micro":
			case len(rec) == 7:
				ratio, _ := strconv.ParseFloat(rec[1], 64)
				reward, _ := strconv.ParseFloat(rec[2], 64)
				fee, _ := strconv.ParseFloat(rec[3], 64)
				v := math.Floor(ratio * reward * (10000 - fee) * 100)
				m, _ := new(big.Float).SetFloat64(v).Int(nil)
				if m.String() != rec[6] {
					t.Fatalf("line %d: recomputed %s, CSV says %s", i, m, rec[6])
				}
				sum.Add(sum, m)
				minutes++
			case len(rec) == 5:
				carryIn, _ = strconv.ParseInt(rec[1], 10, 64)
				amount, _ = strconv.ParseInt(rec[2], 10, 64)
				carryOut, _ = strconv.ParseInt(rec[3], 10, 64)
				if rec[0] != sum.String() {
					t.Fatalf("CSV total %s, lines add up to %s", rec[0], sum)
				}
			}
		}
		total := new(big.Int).Add(sum, big.NewInt(carryIn))
		wantAmount := new(big.Int).Div(total, big.NewInt(1_000_000)).Int64()
		wantCarry := new(big.Int).Mod(total, big.NewInt(1_000_000)).Int64()
		if minutes != 300 || carryIn == 0 || amount != wantAmount || carryOut != wantCarry {
			t.Fatalf("%d minutes, carry in %d: CSV amount %d carry %d, recomputed %d carry %d", minutes, carryIn, amount, carryOut, wantAmount, wantCarry)
		}
		var booked int64
		if err := d.QueryRow(ctx, "SELECT available FROM ledger_entries WHERE idem_key = ?", earnings.IdemKey(earnings.KindPPS, 5, "LTC", day)).Scan(&booked); err != nil || booked != amount {
			t.Fatalf("ledger booked %d (%v), audit says %d", booked, err, amount)
		}
		// Another user cannot read it.
		if err := s.Audit(ctx, scope.User(999), 5, "LTC", day, io.Discard); !errors.Is(err, earnings.ErrNoEarning) {
			t.Fatalf("another user's audit: %v", err)
		}
	})
}

// The summary's estimate of every coin at once (SettlingCoins) is each coin's own: its
// unsettled minutes from its own last settled day (a coin never settled from its first),
// plus each sub-account's carry in that coin only, for the scope's sub-accounts only.
func TestSettlingCoinsPerCoin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		st := &earnings.Store{DB: d}
		day := earnings.Day("2026-06-02")
		prev := day.Prev()
		acc := func(sub, user int64, coinType string, dd earnings.Day, ratio float64) earnings.Accrual {
			return earnings.Accrual{SubAccountID: sub, UserID: user, Coin: coinType, Minute: dd.Start().Add(time.Hour).UnixMilli(),
				Reward: 1, RatioSum: ratio, DiffSum: 1, Accepted: 1}
		}
		// 0.75 of a unit yesterday: LTC settles it, paying nothing and carrying 750,000
		// micro; BTC never settles. Today 0.5 (LTC) and 0.25 (BTC) more.
		rows := []earnings.Accrual{
			acc(1, 1, "LTC", prev, 0.75), acc(2, 1, "LTC", prev, 0.75), acc(3, 2, "LTC", prev, 0.75), acc(1, 1, "BTC", prev, 0.75),
			acc(1, 1, "LTC", day, 0.5), acc(2, 1, "LTC", day, 0.5), acc(3, 2, "LTC", day, 0.5), acc(1, 1, "BTC", day, 0.25),
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error { return earnings.AddAccruals(ctx, tx, rows) }); err != nil {
			t.Fatal(err)
		}
		if _, err := st.SettleThrough(ctx, ltc, prev, day.Start()); err != nil {
			t.Fatal(err)
		}
		got, err := st.SettlingCoins(ctx, scope.User(1), []string{"LTC", "BTC", "DOGE"})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]map[int64]string{
			"LTC": {1: "1250000", 2: "1250000"}, // today's 0.5 and the 0.75 carried: 1 unit
			"BTC": {1: "1000000"},               // both days unsettled, no carry
		}
		if len(got) != len(want) {
			t.Fatalf("coins %v", got)
		}
		for c, subs := range want {
			if len(got[c]) != len(subs) {
				t.Fatalf("%s: %d sub-accounts, want %d", c, len(got[c]), len(subs))
			}
			for sub, micro := range subs {
				e := got[c][sub]
				if e == nil || e.Micro.String() != micro || e.Amount != 1 {
					t.Fatalf("%s sub-account %d: %+v, want %s micro", c, sub, e, micro)
				}
			}
		}
		// One coin alone answers the same.
		one, err := st.Settling(ctx, scope.User(1), "LTC")
		if err != nil || len(one) != 2 || one[1].Micro.String() != "1250000" {
			t.Fatalf("Settling LTC %v %v", one, err)
		}
	})
}
