package earnings

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

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
// outage) is moved to the first minute of the first unsettled day, so that it is paid, once.
func AddAccruals(ctx context.Context, q db.Querier, rows []Accrual) error {
	counted := func(r Accrual) bool { return r.Accepted != 0 || r.RatioSum != 0 }
	var coins []string // of the rows that count: a flush of empty rows asks nothing
	for _, r := range rows {
		if counted(r) && !slices.Contains(coins, r.Coin) {
			coins = append(coins, r.Coin)
		}
	}
	open, err := unsettledFrom(ctx, q, coins) // coin -> first minute that is not settled
	if err != nil {
		return err
	}
	merged := map[accrualKey]*Accrual{}
	keys := make([]accrualKey, 0, len(rows))
	for _, r := range rows {
		if !counted(r) {
			continue
		}
		from := open[r.Coin]
		if r.Minute < from {
			r.Minute = from
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
		_, err := q.Exec(ctx, `INSERT INTO pps_minutes (sub_account_id, coin, minute, reward, fee_bps, user_id, ratio_sum, diff_sum, accepted)
			VALUES `+strings.Join(values, ", ")+` ON CONFLICT (sub_account_id, coin, minute, reward, fee_bps) DO UPDATE SET
			ratio_sum = pps_minutes.ratio_sum + excluded.ratio_sum, diff_sum = pps_minutes.diff_sum + excluded.diff_sum,
			accepted = pps_minutes.accepted + excluded.accepted`, args...)
		if err != nil {
			return fmt.Errorf("earnings: add %d accruals: %w", len(part), err)
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
