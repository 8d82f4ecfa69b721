package earnings

import (
	"context"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/pool"
)

// FlushRow is one device's work in one minute as the stratum role's share flush hands it
// over (mining.ShareMinute): its share counts and, for the accepted shares, the
// pay-per-share credit at one block reward and fee.
type FlushRow struct {
	DeviceID int64
	Coin     string
	Minute   int64 // Unix ms of the minute's start
	DiffSum  float64
	Accepted int
	Rejected int
	Stale    int
	RatioSum float64
	Reward   int64
	FeeBps   int
}

// credited says a row has accepted shares with a pay-per-share credit.
func (r FlushRow) credited() bool { return r.Accepted > 0 && r.RatioSum > 0 }

// earns is the rule of which shares are paid: accepted shares with a credit, of a device
// that is bound to its sub-account. An unbound device's shares count for hashrate only.
func earns(r FlushRow, o pool.Owner, known bool) bool {
	return known && o.Bound && r.credited()
}

// RecordShareFlush writes one batch of the share flush in one transaction: the device and
// sub-account minutes (share_minutes) and the pay-per-share accruals of the shares that
// earn (AddAccruals, under the coins' settlement locks), all or none. batch is the id the
// flusher gave the batch and keeps while it retries it; it is stored in share_flushes in
// the same transaction, so a retry of a batch whose commit reached the database but whose
// answer was lost writes nothing and says replayed: no share counts twice.
func RecordShareFlush(ctx context.Context, d *db.DB, batch string, rows []FlushRow, now time.Time) (replayed bool, err error) {
	if batch == "" {
		return false, fmt.Errorf("earnings: a share flush without a batch id")
	}
	err = d.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "INSERT INTO share_flushes (id, flushed_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING", batch, now.UnixMilli())
		if err != nil {
			return fmt.Errorf("earnings: share flush %s: %w", batch, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			replayed = true
			return nil
		}
		minutes := make([]pool.ShareMinute, len(rows))
		var paid []int64
		for i, r := range rows {
			minutes[i] = pool.ShareMinute{DeviceID: r.DeviceID, Minute: time.UnixMilli(r.Minute), Coin: r.Coin, DiffSum: r.DiffSum,
				Accepted: r.Accepted, Rejected: r.Rejected, Stale: r.Stale}
			if r.credited() {
				paid = append(paid, r.DeviceID)
			}
		}
		if err := pool.AddShareMinutes(ctx, tx, minutes); err != nil {
			return err
		}
		if len(paid) == 0 {
			return nil
		}
		// The device's owner and binding as this transaction sees them: a device unbound
		// a moment ago earns nothing from here on.
		owners, err := pool.Owners(ctx, tx, paid)
		if err != nil {
			return err
		}
		acc := make([]Accrual, 0, len(paid))
		for _, r := range rows {
			o, ok := owners[r.DeviceID]
			if !earns(r, o, ok) {
				continue
			}
			acc = append(acc, Accrual{SubAccountID: o.SubAccountID, UserID: o.UserID, Coin: r.Coin, Minute: r.Minute,
				Reward: r.Reward, FeeBps: r.FeeBps, RatioSum: r.RatioSum, DiffSum: r.DiffSum, Accepted: r.Accepted})
		}
		return AddAccruals(ctx, tx, acc)
	})
	return replayed, err
}

// shareFlushKeep is how long a flush batch's id is kept: far longer than a stratum process
// retries a batch (it keeps retries in memory only, so none outlives the process).
const shareFlushKeep = 7 * 24 * time.Hour

// pruneShareFlushes deletes the batch ids older than shareFlushKeep.
func (s *Store) pruneShareFlushes(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.DB.Exec(ctx, "DELETE FROM share_flushes WHERE flushed_at < ?", now.Add(-shareFlushKeep).UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("earnings: prune share flushes: %w", err)
	}
	return res.RowsAffected()
}
