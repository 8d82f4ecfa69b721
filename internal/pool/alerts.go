package pool

import (
	"context"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
)

// AlertWindows are the recent windows the alert job may measure a worker's hashrate over
// (docs/alerts.md): the shortest in which the worker is expected to send enough shares
// for a drop to be told from luck.
var AlertWindows = []time.Duration{15 * time.Minute, 30 * time.Minute, time.Hour, 3 * time.Hour}

// WindowSum is a worker's accepted shares over one of AlertWindows.
type WindowSum struct {
	Diff     float64 // accepted share difficulty summed
	Accepted int64
}

// AlertWorker is what the alert job judges of one live device: its last accepted share,
// its 24-hour sums and its recent windows, on its current coin.
type AlertWorker struct {
	DeviceID     int64
	SubAccountID int64
	UserID       int64
	SubAccount   string // the sub-account's code
	Coin         string
	Worker       string // the full worker name, "<code>.<suffix>"
	FirstSeenAt  int64  // Unix ms
	LastShareAt  int64  // Unix ms of the last accepted share's flush; 0 for never
	DayDiff      float64
	DayAccepted  int64
	Recent       []WindowSum // one per AlertWindows, ending where the day window ends
}

// AlertWorkers lists the live devices of the given sub-accounts (live ones only) with
// what the alert job needs of them at now: the 24-hour sums come from DeviceStats, so
// the average the alert compares with is the one the device pages show.
func (s *Store) AlertWorkers(ctx context.Context, subAccountIDs []int64, now time.Time) ([]AlertWorker, error) {
	var out []AlertWorker
	err := db.InBatches(subAccountIDs, func(ids []any) error {
		rows, err := s.DB.Query(ctx, `SELECT d.id, d.sub_account_id, s.user_id, s.code, d.coin, d.worker, d.first_seen_at, COALESCE(d.last_share_at, 0)
			FROM devices d JOIN sub_accounts s ON s.id = d.sub_account_id
			WHERE d.removed_at IS NULL AND s.deleted_at IS NULL AND d.sub_account_id IN (`+db.Marks(len(ids))+`) ORDER BY d.id`, ids...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var w AlertWorker
			var suffix string
			if err := rows.Scan(&w.DeviceID, &w.SubAccountID, &w.UserID, &w.SubAccount, &w.Coin, &suffix, &w.FirstSeenAt, &w.LastShareAt); err != nil {
				return err
			}
			w.Worker = w.SubAccount + "." + suffix
			w.Recent = make([]WindowSum, len(AlertWindows))
			out = append(out, w)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("pool: alert workers: %w", err)
	}
	if len(out) == 0 {
		return out, nil
	}
	ids := make([]int64, len(out))
	at := make(map[int64]int, len(out))
	for i, w := range out {
		ids[i] = w.DeviceID
		at[w.DeviceID] = i
	}
	day, err := s.DeviceStats(ctx, ids, now)
	if err != nil {
		return nil, err
	}
	for id, st := range day {
		out[at[id]].DayDiff, out[at[id]].DayAccepted = st.DayDiff, st.Accepted
	}
	to, _, _ := windows(now)
	longest := AlertWindows[len(AlertWindows)-1].Milliseconds()
	cols := ""
	lead := []any{}
	for _, win := range AlertWindows {
		cols += ", COALESCE(SUM(CASE WHEN m.minute >= ? THEN m.diff_sum ELSE 0 END), 0), COALESCE(SUM(CASE WHEN m.minute >= ? THEN m.accepted ELSE 0 END), 0)"
		from := to - win.Milliseconds()
		lead = append(lead, from, from)
	}
	err = db.InBatches(ids, func(in []any) error {
		args := append(append(append([]any{}, lead...), to-longest, to), in...)
		rows, err := s.DB.Query(ctx, "SELECT m.device_id"+cols+` FROM share_minutes m JOIN devices d ON d.id = m.device_id
			WHERE m.coin = d.coin AND m.minute >= ? AND m.minute < ? AND m.device_id IN (`+db.Marks(len(in))+") GROUP BY m.device_id", args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			sums := make([]WindowSum, len(AlertWindows))
			dest := []any{&id}
			for i := range sums {
				dest = append(dest, &sums[i].Diff, &sums[i].Accepted)
			}
			if err := rows.Scan(dest...); err != nil {
				return err
			}
			out[at[id]].Recent = sums
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("pool: alert windows: %w", err)
	}
	return out, nil
}
