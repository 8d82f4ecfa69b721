package earnings

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
)

// Accrual is a sub-account's pay-per-share credit in one minute at one reward and fee.
type Accrual struct {
	SubAccountID int64
	UserID       int64
	Coin         string
	Minute       int64 // Unix ms of the minute's start
	Reward       int64 // minor units
	FeeBps       int
	RatioSum     float64
	DiffSum      float64
	Accepted     int
}

type accrualKey struct {
	sub    int64
	coin   string
	minute int64
	reward int64
	fee    int
}

// accrualBatch bounds the rows of one statement (9 parameters each).
const accrualBatch = 500

// AddAccruals adds rows to pps_minutes, summing into rows that exist. Give it the share
// flush's transaction: the accruals are written with share_minutes or not at all, so a
// retried flush never pays a share twice.
//
// A row for a day that is already settled (a flush retried for hours through a database
// outage) is moved to the first minute of the first unsettled day, so that it is paid,
// once, and a late_accruals row notes the move. The coins' settlement locks are taken
// first (lockSettlement): a settlement of the same coin either ends before this reads the
// settled days, or starts after this transaction commits and sees its rows.
func AddAccruals(ctx context.Context, tx *db.Tx, rows []Accrual) error {
	counted := func(r Accrual) bool { return r.Accepted != 0 || r.RatioSum != 0 }
	var coins []string // of the rows that count: a flush of empty rows asks nothing
	for _, r := range rows {
		if counted(r) && !slices.Contains(coins, r.Coin) {
			coins = append(coins, r.Coin)
		}
	}
	if err := lockSettlement(ctx, tx, coins, false); err != nil {
		return err
	}
	open, err := unsettledFrom(ctx, tx, coins) // coin -> first minute that is not settled
	if err != nil {
		return err
	}
	// Each minute is paid at the fee in force on its settlement day (coin_terms): a
	// stratum process that read the coin before an operator's change, or after it during
	// the day it was made, gives the fee it knows; the schedule decides.
	terms := map[string]coin.Schedule{}
	if len(coins) > 0 {
		if terms, err = coin.Schedules(ctx, tx, coins...); err != nil {
			return err
		}
	}
	var late [][]any
	now := time.Now().UnixMilli()
	merged := map[accrualKey]*Accrual{}
	keys := make([]accrualKey, 0, len(rows))
	for _, r := range rows {
		if !counted(r) {
			continue
		}
		if from := open[r.Coin]; r.Minute < from {
			late = append(late, []any{r.SubAccountID, r.Coin, r.Minute, from, r.RatioSum, int64(r.Accepted), now})
			r.Minute = from
		}
		if t, ok := terms[r.Coin].On(string(DayOf(time.UnixMilli(r.Minute)))); ok {
			r.FeeBps = t.FeeBps
		}
		k := accrualKey{r.SubAccountID, r.Coin, r.Minute, r.Reward, r.FeeBps}
		if m, ok := merged[k]; ok {
			m.RatioSum += r.RatioSum
			m.DiffSum += r.DiffSum
			m.Accepted += r.Accepted
			continue
		}
		r := r
		merged[k] = &r
		keys = append(keys, k)
	}
	if err := db.ExecBulk(ctx, tx, "INSERT INTO late_accruals (sub_account_id, coin, minute, moved_to, ratio_sum, accepted, noted_at)",
		lateTypes, late, ""); err != nil {
		return fmt.Errorf("earnings: note %d late accruals: %w", len(late), err)
	}
	// Key order, so that flushers of several processes lock rows alike.
	slices.SortFunc(keys, func(a, b accrualKey) int {
		return cmp.Or(cmp.Compare(a.sub, b.sub), strings.Compare(a.coin, b.coin), cmp.Compare(a.minute, b.minute),
			cmp.Compare(a.reward, b.reward), cmp.Compare(a.fee, b.fee))
	})
	for start := 0; start < len(keys); start += accrualBatch {
		part := keys[start:min(start+accrualBatch, len(keys))]
		values := make([]string, len(part))
		args := make([]any, 0, len(part)*9)
		for i, k := range part {
			r := merged[k]
			values[i] = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
			args = append(args, r.SubAccountID, r.Coin, r.Minute, r.Reward, r.FeeBps, r.UserID, r.RatioSum, r.DiffSum, r.Accepted)
		}
		_, err := tx.Exec(ctx, `INSERT INTO pps_minutes (sub_account_id, coin, minute, reward, fee_bps, user_id, ratio_sum, diff_sum, accepted)
			VALUES `+strings.Join(values, ", ")+` ON CONFLICT (sub_account_id, coin, minute, reward, fee_bps) DO UPDATE SET
			ratio_sum = pps_minutes.ratio_sum + excluded.ratio_sum, diff_sum = pps_minutes.diff_sum + excluded.diff_sum,
			accepted = pps_minutes.accepted + excluded.accepted`, args...)
		if err != nil {
			return fmt.Errorf("earnings: add %d accruals: %w", len(part), err)
		}
	}
	return nil
}

var lateTypes = []string{"bigint", "text", "bigint", "bigint", "double precision", "bigint", "bigint"}

// lockSettlement takes the settlement locks of coins for the rest of tx: exclusive for a
// settlement, shared for a share flush. A flush that read the settled days and then
// committed rows into a day that a settlement had meanwhile read without them would leave
// those rows unpaid for good (the prune deletes them later), so on PostgreSQL, where
// transactions run side by side under READ COMMITTED, flushes and the settlement of a coin
// take one advisory transaction lock: flushes share it, a settlement waits for the open
// flushes to commit and they for it, and the statements after the lock see what the
// other committed. Coins are locked in name order, so that two flushes never wait on each
// other. SQLite needs nothing: its transactions take the one write lock at BEGIN.
func lockSettlement(ctx context.Context, tx *db.Tx, coins []string, exclusive bool) error {
	if db.DialectOf(tx) != db.Postgres || len(coins) == 0 {
		return nil
	}
	fn := "pg_advisory_xact_lock_shared"
	if exclusive {
		fn = "pg_advisory_xact_lock"
	}
	coins = slices.Sorted(slices.Values(coins))
	for _, c := range coins {
		// The schema's lock (parallel tests and pools share a database in schemas of their
		// own), apart from db.Exclusive's locks, which key on the schema alone.
		if _, err := tx.Exec(ctx, "SELECT "+fn+"(hashtext(current_schema() || ':settle'), hashtext(?))", c); err != nil {
			return fmt.Errorf("earnings: settlement lock of %s: %w", c, err)
		}
	}
	return nil
}

// lastSettled is the latest settled day of coin, "" before the first.
func lastSettled(ctx context.Context, q db.Querier, coin string) (Day, error) {
	var day *string
	if err := q.QueryRow(ctx, "SELECT MAX(day) FROM settlements WHERE coin = ?", coin).Scan(&day); err != nil {
		return "", fmt.Errorf("earnings: last settled day of %s: %w", coin, err)
	}
	if day == nil {
		return "", nil
	}
	return Day(*day), nil
}
