package pool

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/scope"
)

// Range is a hashrate chart's span (the range query parameter).
type Range string

// The ranges a miner expects: a day in 10-minute points, a week and a month hourly.
const (
	Range24h Range = "24h"
	Range7d  Range = "7d"
	Range30d Range = "30d"
)

// Ranges lists the ranges in display order.
var Ranges = []Range{Range24h, Range7d, Range30d}

// shape is a range's bucket and number of points.
func (r Range) shape() (bucket time.Duration, n int) {
	switch r {
	case Range7d:
		return time.Hour, 7 * 24
	case Range30d:
		return time.Hour, 30 * 24
	default:
		return HistoryBucket, int(24 * time.Hour / HistoryBucket)
	}
}

// ParseRange reads the range parameter; empty is 24h.
func ParseRange(v string) (Range, error) {
	if v == "" {
		return Range24h, nil
	}
	for _, r := range Ranges {
		if string(r) == v {
			return r, nil
		}
	}
	return "", httpx.Warn("validation.oneOf", i18n.Params{"field": "pool.field.range", "values": "24h, 7d, 30d"})
}

// historyScope is whose shares a history sums: one device on its coin, a user's devices
// (of one sub-account when subAccountID is set) on a coin, or with wholeCoin every device
// on the coin (the pool's hashrate).
type historyScope struct {
	deviceID  int64
	user      scope.Scope
	coin      string
	wholeCoin bool
}

// table is the share table the scope reads at a grain ("minutes" or "hours"): the
// devices' rows for a device or the whole coin, or the per-sub-account sums for a user's
// scope.
func (sc historyScope) table(grain string) string {
	if sc.deviceID != 0 || sc.wholeCoin {
		return "share_" + grain
	}
	return "sub_account_" + grain
}

// where is the scope as SQL over its share table aliased m (joined to sub_accounts s
// for a user's scope).
func (sc historyScope) where(table string) (from, where string, args []any) {
	if sc.wholeCoin {
		return " FROM " + table + " m ", "WHERE m.coin = ?", []any{sc.coin}
	}
	if sc.deviceID != 0 {
		return " FROM " + table + " m ", "WHERE m.device_id = ? AND m.coin = ?", []any{sc.deviceID, sc.coin}
	}
	from = " FROM " + table + " m JOIN sub_accounts s ON s.id = m.sub_account_id "
	in, args := sc.user.Where("s.user_id", "s.id", "m.coin")
	return from, "WHERE " + in + " AND m.coin = ?", append(args, sc.coin)
}

// history is the scope's hashrate in n buckets ending with the last whole bucket
// before now, oldest first; empty buckets are zeros. Hours older than the minutes
// kept (the last MinuteRetention, less an hour of margin) come from share_hours;
// the rest from share_minutes, so a roll-up that has not run yet loses nothing.
func (s *Store) history(ctx context.Context, sc historyScope, algo string, bucket time.Duration, n int, now time.Time) ([]Point, error) {
	size := bucket.Milliseconds()
	end := now.UnixMilli() - now.UnixMilli()%size
	start := end - int64(n)*size
	points := make([]Point, n)
	for i := range points {
		points[i].Time = start + int64(i)*size
	}
	diff := make([]float64, n)
	split := max(start, hourOf(now.Add(-MinuteRetention))+time.Hour.Milliseconds())
	add := func(table, col string, from, to int64) error {
		if from >= to {
			return nil
		}
		f, w, args := sc.where(table)
		// Summed by bucket in the database: the whole coin has a row per device and minute.
		// The bucket is written as a literal: PostgreSQL matches GROUP BY expressions by
		// text, and two parameters would be two different expressions.
		b := "m." + col + " - m." + col + " % " + strconv.FormatInt(size, 10)
		rows, err := s.DB.Query(ctx, "SELECT "+b+", SUM(m.diff_sum), SUM(m.accepted), SUM(m.rejected), SUM(m.stale)"+f+w+
			" AND m."+col+" >= ? AND m."+col+" < ? GROUP BY "+b, append(args, from, to)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var at, acc, rej, stale int64
			var sum float64
			if err := rows.Scan(&at, &sum, &acc, &rej, &stale); err != nil {
				return err
			}
			i := (at - start) / size
			diff[i] += sum
			points[i].Accepted += acc
			points[i].Rejected += rej
			points[i].Stale += stale
		}
		return rows.Err()
	}
	if err := add(sc.table("hours"), "hour", start, split); err != nil {
		return nil, fmt.Errorf("pool: history (hours): %w", err)
	}
	if err := add(sc.table("minutes"), "minute", max(start, split), end); err != nil {
		return nil, fmt.Errorf("pool: history (minutes): %w", err)
	}
	for i := range points {
		points[i].HashRate = Hashrate(diff[i], algo, bucket)
	}
	return points, nil
}

// CoinHistory is the whole pool's hashrate on coinType over r: every device that mined
// it, removed ones included, for the minutes they mined it.
func (s *Store) CoinHistory(ctx context.Context, coinType, algo string, r Range, now time.Time) ([]Point, error) {
	bucket, n := r.shape()
	return s.history(ctx, historyScope{coin: coinType, wholeCoin: true}, algo, bucket, n, now)
}

// DeviceHistory is the device's hashrate on its current coin over r.
func (s *Store) DeviceHistory(ctx context.Context, d Device, algo string, r Range, now time.Time) ([]Point, error) {
	bucket, n := r.shape()
	return s.history(ctx, historyScope{deviceID: d.ID, coin: d.Coin}, algo, bucket, n, now)
}

// UserHistory is the hashrate of the scope's devices on coinType over r (removed devices
// count for the hours they mined).
func (s *Store) UserHistory(ctx context.Context, sc scope.Scope, coinType string, algo string, r Range, now time.Time) ([]Point, error) {
	bucket, n := r.shape()
	return s.history(ctx, historyScope{user: sc, coin: coinType}, algo, bucket, n, now)
}

// rolledUpTo is where share_hours is complete: hours before it are rolled up (0: none).
func (s *Store) rolledUpTo(ctx context.Context) (int64, error) {
	var done int64
	err := s.DB.QueryRow(ctx, "SELECT done_to FROM share_rollups WHERE name = ?", rollUpName).Scan(&done)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("pool: roll-up mark: %w", err)
	}
	return done, nil
}

// hourOf is the start of t's hour in Unix ms.
func hourOf(t time.Time) int64 {
	ms := t.UnixMilli()
	return ms - ms%time.Hour.Milliseconds()
}

// rollUpName names the hourly roll-up's row in share_rollups.
const rollUpName = "share_hours"

// rollUpGrace is how long after an hour ends its roll-up waits for the engine's last
// flushes of that hour.
const rollUpGrace = 5 * time.Minute

// RollUp is the jobs role's history upkeep: it sums whole hours of share_minutes into
// share_hours, then deletes minutes older than MinuteRetention that are rolled up and
// hours older than HourRetention. Each hour's row is replaced, not added to, and the
// hour before the last one done is summed again (a late flush), so a run that is
// repeated, or runs in two jobs processes at once, changes nothing; after downtime it
// catches up from where it stopped, since minutes go only once they are summed. It
// answers the hours summed.
func (s *Store) RollUp(ctx context.Context, now time.Time) (int, error) {
	hour := time.Hour.Milliseconds()
	oldest := hourOf(now.Add(-MinuteRetention))
	to := hourOf(now.Add(-rollUpGrace))
	done, err := s.rolledUpTo(ctx)
	if err != nil {
		return 0, err
	}
	from := done - hour
	if done == 0 {
		// The first run sums every minute there is (a database from before roll-ups).
		var first sql.NullInt64
		if err := s.DB.QueryRow(ctx, "SELECT MIN(minute) FROM share_minutes").Scan(&first); err != nil {
			return 0, fmt.Errorf("pool: first share minute: %w", err)
		}
		from = to
		if first.Valid {
			from = first.Int64 - first.Int64%hour
		}
	}
	if from < to {
		// The hour is written as a literal: PostgreSQL matches GROUP BY expressions by
		// text, and two parameters would be two different expressions.
		for _, t := range []struct{ from, into, key string }{
			{"share_minutes", "share_hours", "device_id"},
			{"sub_account_minutes", "sub_account_hours", "sub_account_id"},
		} {
			_, err = s.DB.Exec(ctx, `INSERT INTO `+t.into+` (`+t.key+`, hour, coin, diff_sum, accepted, rejected, stale)
				SELECT `+t.key+`, minute - minute % 3600000, coin, SUM(diff_sum), SUM(accepted), SUM(rejected), SUM(stale)
				FROM `+t.from+` WHERE minute >= ? AND minute < ? GROUP BY `+t.key+`, minute - minute % 3600000, coin
				ON CONFLICT (`+t.key+`, hour, coin) DO UPDATE SET diff_sum = excluded.diff_sum, accepted = excluded.accepted,
				rejected = excluded.rejected, stale = excluded.stale`, from, to)
			if err != nil {
				return 0, fmt.Errorf("pool: roll up %s: %w", t.into, err)
			}
		}
		_, err = s.DB.Exec(ctx, `INSERT INTO share_rollups (name, done_to) VALUES (?, ?)
			ON CONFLICT (name) DO UPDATE SET done_to = excluded.done_to WHERE share_rollups.done_to < excluded.done_to`, rollUpName, to)
		if err != nil {
			return 0, fmt.Errorf("pool: roll-up mark: %w", err)
		}
		done = max(done, to)
	}
	// Only minutes that are both old and summed go: a roll-up that failed for a day
	// keeps its minutes until it has run.
	for _, table := range []string{"share_minutes", "sub_account_minutes"} {
		if _, err := s.DB.Exec(ctx, "DELETE FROM "+table+" WHERE minute < ?", min(oldest, done)); err != nil {
			return 0, fmt.Errorf("pool: drop old %s: %w", table, err)
		}
	}
	for _, table := range []string{"share_hours", "sub_account_hours"} {
		if _, err := s.DB.Exec(ctx, "DELETE FROM "+table+" WHERE hour < ?", hourOf(now.Add(-HourRetention))); err != nil {
			return 0, fmt.Errorf("pool: drop old %s: %w", table, err)
		}
	}
	return int(max(0, (to-from)/hour)), nil
}

// RefreshSortKeys sets every live device's hashrate sort keys (the jobs role, every
// minute): rt_diff, its accepted difficulty on its coin over the real-time window, and
// day_diff, over the 24 whole hours rolled up last. Devices with no share in the last
// day and keys already zero are left alone, so an idle fleet costs no writes.
func (s *Store) RefreshSortKeys(ctx context.Context, now time.Time) (int, error) {
	done, err := s.rolledUpTo(ctx)
	if err != nil {
		return 0, err
	}
	to, rt, day := windows(now)
	// The coin is tested inside the sum, not in WHERE: with it there, SQLite walks the
	// (coin, minute) index, every device's minutes for each device, instead of the
	// device's own primary-key range.
	res, err := s.DB.Exec(ctx, `UPDATE devices SET
		rt_diff = COALESCE((SELECT SUM(CASE WHEN m.coin = devices.coin THEN m.diff_sum ELSE 0 END) FROM share_minutes m
			WHERE m.device_id = devices.id AND m.minute >= ? AND m.minute < ?), 0),
		day_diff = COALESCE((SELECT SUM(CASE WHEN h.coin = devices.coin THEN h.diff_sum ELSE 0 END) FROM share_hours h
			WHERE h.device_id = devices.id AND h.hour >= ? AND h.hour < ?), 0)
		WHERE removed_at IS NULL AND (last_share_at >= ? OR rt_diff <> 0 OR day_diff <> 0)`,
		rt, to, done-24*time.Hour.Milliseconds(), done, day)
	if err != nil {
		return 0, fmt.Errorf("pool: refresh sort keys: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
