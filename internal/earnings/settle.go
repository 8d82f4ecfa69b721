package earnings

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/ledger"
)

// KindPPS is the earnings-log kind of pay-per-share earnings.
const KindPPS = "pps"

// Store reads and settles earnings.
type Store struct {
	DB *db.DB
}

// Result is what settling one coin's day did.
type Result struct {
	Coin        string
	Day         Day
	SubAccounts int
	Amount      int64
	// Already says the day was settled before: nothing changed.
	Already bool
}

// ErrNotOver is returned for a day that has not ended yet.
var ErrNotOver = errors.New("earnings: the day has not ended")

// subDay gathers one sub-account's day while the minutes are read.
type subDay struct {
	user     int64
	accrued  micros
	diffSum  float64
	accepted int64
}

// testHookDayRead, when set by a test, runs inside the settlement's transaction once the
// day's minutes are read: a test holds a settlement open there while a flush arrives.
var testHookDayRead func()

// settleDay settles coin's day d in one transaction: one earnings-log row per sub-account
// that accrued, their whole minor units booked to the ledger, what is left carried, and
// the day marked settled. A day already settled changes nothing; the days before it must
// be settled first (SettleThrough does that), so carries always move forward.
func (s *Store) settleDay(ctx context.Context, c coin.Coin, d Day, now time.Time) (Result, error) {
	res := Result{Coin: c.Type, Day: d}
	if d.End().After(now) {
		return res, fmt.Errorf("%w: %s %s ends %s", ErrNotOver, c.Type, d, d.End().Format(time.RFC3339))
	}
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		// First: the flushes open now commit before this reads the day, and those that come
		// later see it settled and move their rows on (AddAccruals).
		if err := lockSettlement(ctx, tx, []string{c.Type}, true); err != nil {
			return err
		}
		var done int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM settlements WHERE coin = ? AND day = ?", c.Type, string(d)).Scan(&done); err != nil {
			return err
		}
		if done > 0 {
			res.Already = true
			return nil
		}
		last, err := lastSettled(ctx, tx, c.Type)
		if err != nil {
			return err
		}
		if last != "" && last > d {
			return fmt.Errorf("earnings: %s %s: a later day (%s) is settled already", c.Type, d, last)
		}
		if last != "" && last.Next() != d {
			return fmt.Errorf("earnings: %s %s: settle %s first", c.Type, d, last.Next())
		}
		if last == "" {
			var earlier int
			if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM pps_minutes WHERE coin = ? AND minute < ?", c.Type, d.Start().UnixMilli()).Scan(&earlier); err != nil {
				return err
			}
			if earlier > 0 {
				return fmt.Errorf("earnings: %s %s: earlier days have accruals; settle them first", c.Type, d)
			}
		}
		days, err := s.readDay(ctx, tx, c.Type, d)
		if err != nil {
			return err
		}
		if testHookDayRead != nil {
			testHookDayRead()
		}
		carries, err := readCarries(ctx, tx, c.Type)
		if err != nil {
			return err
		}
		at := now.UnixMilli()
		var logRows [][]any
		var entries []ledger.Entry
		var carryRows [][]any
		for _, sub := range days.order {
			sd := days.subs[sub]
			carryIn := carries[sub]
			amount, carryOut, err := sd.accrued.split(carryIn)
			if err != nil {
				return fmt.Errorf("earnings: %s %s sub-account %d: %w", c.Type, d, sub, err)
			}
			hr := hashrate.FromDifficulty(sd.diffSum, c.Algorithm, 24*time.Hour)
			logRows = append(logRows, []any{KindPPS, sub, sd.user, c.Type, string(d), hr, sd.diffSum, sd.accepted, sd.accrued.String(), carryIn, carryOut, amount, at})
			carryRows = append(carryRows, []any{sub, c.Type, carryOut, string(d)})
			if amount > 0 {
				key := IdemKey(KindPPS, sub, c.Type, d)
				entries = append(entries, ledger.Entry{SubAccountID: sub, UserID: sd.user, Coin: c.Type, Kind: ledger.KindEarning,
					Available: amount, Earned: amount, Ref: key, IdemKey: key, At: now})
			}
			res.SubAccounts++
			res.Amount += amount
		}
		if err := db.ExecBulk(ctx, tx, `INSERT INTO earnings (kind, sub_account_id, user_id, coin, day, hashrate, diff_sum, accepted,
			accrued_micro, carry_in, carry_out, amount, settled_at)`, logTypes, logRows, ""); err != nil {
			return fmt.Errorf("earnings: log %s %s: %w", c.Type, d, err)
		}
		if _, err := ledger.Post(ctx, tx, entries); err != nil {
			return fmt.Errorf("earnings: book %s %s: %w", c.Type, d, err)
		}
		if err := db.ExecBulk(ctx, tx, `INSERT INTO earning_carries (sub_account_id, coin, micro, day)`, carryTypes, carryRows,
			` ON CONFLICT (sub_account_id, coin) DO UPDATE SET micro = excluded.micro, day = excluded.day`); err != nil {
			return fmt.Errorf("earnings: carries %s %s: %w", c.Type, d, err)
		}
		_, err = tx.Exec(ctx, "INSERT INTO settlements (coin, day, sub_accounts, amount, settled_at) VALUES (?, ?, ?, ?, ?)",
			c.Type, string(d), res.SubAccounts, res.Amount, at)
		return err
	})
	return res, err
}

// IdemKey is the idempotency key of a settled day's ledger row (and its reference). Coin
// and day come before the sub-account so that a day's keys sort together: the unique
// index takes a settlement's rows as one run instead of a page per sub-account.
func IdemKey(kind string, sub int64, coinType string, d Day) string {
	return fmt.Sprintf("earning:%s:%s:%s:%d", kind, coinType, d, sub)
}

// dayAccruals are a coin's day per sub-account, in sub-account order.
type dayAccruals struct {
	subs  map[int64]*subDay
	order []int64
}

// readDay sums a coin's minute rows of day d per sub-account. Minutes are read in a fixed
// order and each is rounded down on its own (MinuteMicro), so the sum is an integer that
// does not depend on the order; the audit CSV lists the same rows.
func (s *Store) readDay(ctx context.Context, q db.Querier, coinType string, d Day) (dayAccruals, error) {
	out := dayAccruals{subs: map[int64]*subDay{}}
	rows, err := q.Query(ctx, `SELECT sub_account_id, user_id, reward, fee_bps, ratio_sum, diff_sum, accepted FROM pps_minutes
		WHERE coin = ? AND minute >= ? AND minute < ? ORDER BY sub_account_id, minute, reward, fee_bps`,
		coinType, d.Start().UnixMilli(), d.End().UnixMilli())
	if err != nil {
		return out, fmt.Errorf("earnings: read %s %s: %w", coinType, d, err)
	}
	defer rows.Close()
	for rows.Next() {
		var sub, user, reward, accepted int64
		var fee int
		var ratio, diff float64
		if err := rows.Scan(&sub, &user, &reward, &fee, &ratio, &diff, &accepted); err != nil {
			return out, err
		}
		m, err := minuteFloor(ratio, reward, fee)
		if err != nil {
			return out, err
		}
		sd, ok := out.subs[sub]
		if !ok {
			sd = &subDay{user: user}
			out.subs[sub] = sd
			out.order = append(out.order, sub)
		}
		sd.accrued.add(m)
		sd.diffSum += diff
		sd.accepted += accepted
	}
	return out, rows.Err()
}

// readCarries maps sub-accounts to the millionths they carry in coin.
func readCarries(ctx context.Context, q db.Querier, coinType string) (map[int64]int64, error) {
	rows, err := q.Query(ctx, "SELECT sub_account_id, micro FROM earning_carries WHERE coin = ?", coinType)
	if err != nil {
		return nil, fmt.Errorf("earnings: carries of %s: %w", coinType, err)
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var sub, micro int64
		if err := rows.Scan(&sub, &micro); err != nil {
			return nil, err
		}
		out[sub] = micro
	}
	return out, rows.Err()
}

// carryKey is a sub-account's carry in one coin.
type carryKey struct {
	sub  int64
	coin string
}

// readCarriesOf is the carries of the sub-accounts given, every coin (by the primary key,
// in batches): what a request for one account's estimate reads, rather than every carry
// of the pool.
func readCarriesOf(ctx context.Context, q db.Querier, subs []int64) (map[carryKey]int64, error) {
	out := make(map[carryKey]int64, len(subs))
	err := db.InBatches(subs, func(ids []any) error {
		rows, err := q.Query(ctx, "SELECT sub_account_id, coin, micro FROM earning_carries WHERE sub_account_id IN ("+db.Marks(len(ids))+")", ids...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k carryKey
			var micro int64
			if err := rows.Scan(&k.sub, &k.coin, &micro); err != nil {
				return err
			}
			out[k] = micro
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("earnings: carries: %w", err)
	}
	return out, nil
}

// logTypes and carryTypes are the PostgreSQL types of the earnings-log and carry rows.
var (
	logTypes   = []string{"text", "bigint", "bigint", "text", "text", "double precision", "double precision", "bigint", "text", "bigint", "bigint", "bigint", "bigint"}
	carryTypes = []string{"bigint", "text", "bigint", "text"}
)

// SettleThrough settles coin's unsettled days up to and including d, oldest first, each
// in its own transaction. Days settled before are left alone: a second run returns only
// d, marked Already. A crash between two days leaves the earlier ones settled and the
// next run continues after them.
func (s *Store) SettleThrough(ctx context.Context, c coin.Coin, d Day, now time.Time) ([]Result, error) {
	if d.End().After(now) {
		return nil, fmt.Errorf("%w: %s %s ends %s", ErrNotOver, c.Type, d, d.End().Format(time.RFC3339))
	}
	first, err := s.firstUnsettled(ctx, c.Type)
	if err != nil {
		return nil, err
	}
	if first == "" || first > d {
		// Nothing accrued before d, or d is settled: settle d alone (a no-op when done).
		first = d
	}
	var out []Result
	for day := first; day <= d; day = day.Next() {
		r, err := s.settleDay(ctx, c, day, now)
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// Due settles every day of every coin whose settlement time has passed at now and that is
// not settled yet, oldest first: after downtime it catches up the missed days in order.
// It returns the days it settled.
func (s *Store) Due(ctx context.Context, coins []coin.Coin, now time.Time) ([]Result, error) {
	var out []Result
	for _, c := range coins {
		lastDue, err := LastDue(now, c.SettleTime)
		if err != nil {
			return out, err
		}
		first, err := s.firstUnsettled(ctx, c.Type)
		if err != nil {
			return out, err
		}
		if first == "" || first > lastDue {
			continue
		}
		rs, err := s.SettleThrough(ctx, c, lastDue, now)
		for _, r := range rs {
			if !r.Already {
				out = append(out, r)
			}
		}
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// firstUnsettled is the day after the last settled one, or the day of the coin's first
// accrual when none is settled; "" when the coin has accrued nothing.
func (s *Store) firstUnsettled(ctx context.Context, coinType string) (Day, error) {
	last, err := lastSettled(ctx, s.DB, coinType)
	if err != nil || last != "" {
		return last.nextOrEmpty(), err
	}
	var first *int64
	if err := s.DB.QueryRow(ctx, "SELECT MIN(minute) FROM pps_minutes WHERE coin = ?", coinType).Scan(&first); err != nil {
		return "", fmt.Errorf("earnings: first accrual of %s: %w", coinType, err)
	}
	if first == nil {
		return "", nil
	}
	return DayOf(time.UnixMilli(*first)), nil
}

func (d Day) nextOrEmpty() Day {
	if d == "" {
		return ""
	}
	return d.Next()
}

// settlementLock is the PostgreSQL advisory lock that lets one jobs process settle.
const settlementLock = 7_340_002

// RunDue is Due under the settlement lock: of several jobs processes, one settles and the
// others skip (ran false).
func (s *Store) RunDue(ctx context.Context, coins []coin.Coin, now time.Time) (settled []Result, ran bool, err error) {
	ran, err = s.DB.Exclusive(ctx, settlementLock, func() error {
		var e error
		settled, e = s.Due(ctx, coins, now)
		return e
	})
	return settled, ran, err
}
