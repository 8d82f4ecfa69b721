package earnings

import (
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"time"

	"github.com/uniplus-pool/pool/internal/scope"
)

// AuditRetention is how long the minute accruals of a settled day are kept: the audit of a
// day can be downloaded for this long; the earnings log itself is kept for ever.
const AuditRetention = 90 * 24 * time.Hour

// ErrAuditGone is returned for a day whose minutes are no longer kept.
var ErrAuditGone = errors.New("earnings: the day's minutes are no longer kept")

// ErrNoEarning is returned for a day the sub-account has no settled row for.
var ErrNoEarning = errors.New("earnings: no settled earnings for that day")

// Audit writes the CSV of one sub-account's settled day: a header that states the formula,
// one line per minute row with its inputs and worth, and the day's totals, so a miner can
// recompute the day to the last minor unit.
func (s *Store) Audit(ctx context.Context, sc scope.Scope, sub int64, coinType string, d Day, w io.Writer) error {
	if !sc.HasSubAccount(sub) || !sc.HasCoin(coinType) {
		return ErrNoEarning
	}
	var r LogRow
	var day string
	err := s.DB.QueryRow(ctx, `SELECT id, sub_account_id, coin, day, hashrate, diff_sum, accepted, accrued_micro, carry_in, carry_out, amount, settled_at
		FROM earnings WHERE user_id = ? AND sub_account_id = ? AND coin = ? AND day = ? AND kind = ?`, sc.UserID, sub, coinType, string(d), KindPPS).
		Scan(&r.ID, &r.SubAccountID, &r.Coin, &day, &r.Hashrate, &r.DiffSum, &r.Accepted, &r.AccruedMicro, &r.CarryIn, &r.CarryOut, &r.Amount, &r.SettledAt)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNoEarning
	}
	if err != nil {
		return fmt.Errorf("earnings: audit %s %s: %w", coinType, d, err)
	}
	rows, err := s.DB.Query(ctx, `SELECT minute, reward, fee_bps, ratio_sum, diff_sum, accepted FROM pps_minutes
		WHERE sub_account_id = ? AND coin = ? AND minute >= ? AND minute < ? ORDER BY minute, reward, fee_bps`,
		sub, coinType, d.Start().UnixMilli(), d.End().UnixMilli())
	if err != nil {
		return fmt.Errorf("earnings: audit %s %s: %w", coinType, d, err)
	}
	defer rows.Close()
	cw := csv.NewWriter(w)
	comment := func(s string) { _ = cw.Write([]string{"# " + s}) }
	comment(fmt.Sprintf("Pay-per-share earnings of sub-account %d, %s, Beijing day %s (%s to %s UTC)", sub, coinType, d,
		d.Start().UTC().Format(time.RFC3339), d.End().UTC().Format(time.RFC3339)))
	comment("ratio_sum: the minute's accepted shares, each share's difficulty over the network difficulty of its moment, summed (a share counts at most 1)")
	comment("reward: the block reward in minor units; fee_bps: the pool fee in basis points")
	comment("micro = floor(ratio_sum * reward * (10000 - fee_bps) * 100), IEEE-754 doubles from left to right; 1,000,000 micro = 1 minor unit")
	comment("amount = floor((sum of micro + carry_in_micro) / 1000000) minor units; carry_out_micro is what is left")
	_ = cw.Write([]string{"minute_utc", "ratio_sum", "reward", "fee_bps", "difficulty_sum", "accepted", "micro"})
	sum := new(big.Int)
	n := 0
	for rows.Next() {
		var minute, reward, accepted int64
		var fee int
		var ratio, diff float64
		if err := rows.Scan(&minute, &reward, &fee, &ratio, &diff, &accepted); err != nil {
			return err
		}
		m, err := MinuteMicro(ratio, reward, fee)
		if err != nil {
			return err
		}
		sum.Add(sum, m)
		n++
		_ = cw.Write([]string{time.UnixMilli(minute).UTC().Format(time.RFC3339), strconv.FormatFloat(ratio, 'g', -1, 64), strconv.FormatInt(reward, 10),
			strconv.Itoa(fee), strconv.FormatFloat(diff, 'g', -1, 64), strconv.FormatInt(accepted, 10), m.String()})
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if n == 0 && r.Accepted > 0 {
		return ErrAuditGone
	}
	if sum.String() != r.AccruedMicro {
		// The minutes no longer add up to what was settled: some were removed.
		return fmt.Errorf("%w: minutes sum %s, settled %s", ErrAuditGone, sum, r.AccruedMicro)
	}
	_ = cw.Write([]string{"# totals"})
	_ = cw.Write([]string{"accrued_micro", "carry_in_micro", "amount_minor", "carry_out_micro", "settled_at_utc"})
	_ = cw.Write([]string{r.AccruedMicro, strconv.FormatInt(r.CarryIn, 10), strconv.FormatInt(r.Amount, 10), strconv.FormatInt(r.CarryOut, 10),
		time.UnixMilli(r.SettledAt).UTC().Format(time.RFC3339)})
	cw.Flush()
	return cw.Error()
}

// Prune deletes minute accruals older than AuditRetention, never of a day not settled yet,
// and the share-flush batch ids older than shareFlushKeep.
func (s *Store) Prune(ctx context.Context, now time.Time) (int64, error) {
	n, err := s.pruneShareFlushes(ctx, now)
	if err != nil {
		return n, err
	}
	cut := DayOf(now.Add(-AuditRetention)).Start()
	rows, err := s.DB.Query(ctx, "SELECT coin, MAX(day) FROM settlements GROUP BY coin")
	if err != nil {
		return 0, fmt.Errorf("earnings: prune: %w", err)
	}
	limits := map[string]time.Time{}
	for rows.Next() {
		var c, day string
		if err := rows.Scan(&c, &day); err != nil {
			rows.Close()
			return 0, err
		}
		limits[c] = Day(day).End()
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	for c, settledTo := range limits {
		limit := cut
		if settledTo.Before(limit) {
			limit = settledTo
		}
		res, err := s.DB.Exec(ctx, "DELETE FROM pps_minutes WHERE coin = ? AND minute < ?", c, limit.UnixMilli())
		if err != nil {
			return n, fmt.Errorf("earnings: prune %s: %w", c, err)
		}
		k, _ := res.RowsAffected()
		n += k
	}
	return n, nil
}
