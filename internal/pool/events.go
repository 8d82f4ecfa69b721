package pool

import (
	"context"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/scope"
)

// Device event kinds: what observer messages say about devices (docs/observer.md "Messages").
const (
	EventOffline = "offline"
	EventOnline  = "online"
)

// EventsKept is how long device events are kept: observer messages cover the last 30 days.
const EventsKept = 30 * 24 * time.Hour

// DeviceEvent is a device seen going offline or coming back by the device sweep.
type DeviceEvent struct {
	ID           int64
	SubAccountID int64
	SubAccount   string // the sub-account's code
	Coin         string
	DeviceID     int64
	Worker       string // the full worker name, "<code>.<suffix>"
	Kind         string // EventOffline or EventOnline
	// Since is the device's last sign of life (offline) or when it came back (online), Unix ms.
	Since int64
	// NoticedAt is when the sweep saw it; every event of one sweep shares it.
	NoticedAt int64
}

// noteComebacks closes the open offline events of devices that are back or removed, and
// records an online event for each one that is back (a removed device just closes: its
// offline event said all there was). It runs before the sweep takes devices offline, so a
// device that came back and went quiet again between two sweeps gets both events.
func noteComebacks(ctx context.Context, tx *db.Tx, ms int64) error {
	rows, err := tx.Query(ctx, `UPDATE device_events SET open = ? WHERE open AND EXISTS (SELECT 1 FROM devices d
		WHERE d.id = device_events.device_id AND (d.removed_at IS NOT NULL OR d.status <> ?)) RETURNING id`, false, StatusOffline)
	if err != nil {
		return fmt.Errorf("pool: close device events: %w", err)
	}
	closed, err := scanIDs(rows)
	if err != nil {
		return fmt.Errorf("pool: close device events: %w", err)
	}
	return db.InBatches(closed, func(ids []any) error {
		_, err := tx.Exec(ctx, `INSERT INTO device_events (user_id, sub_account_id, coin, device_id, worker, kind, since, noticed_at, open)
			SELECT e.user_id, d.sub_account_id, d.coin, d.id, d.worker, ?, COALESCE(d.online_since, ?), ?, ?
			FROM device_events e JOIN devices d ON d.id = e.device_id
			WHERE d.removed_at IS NULL AND d.status <> ? AND e.id IN (`+db.Marks(len(ids))+`) ORDER BY d.id`,
			append([]any{EventOnline, ms, ms, false, StatusOffline}, ids...)...)
		if err != nil {
			return fmt.Errorf("pool: note devices back online: %w", err)
		}
		return nil
	})
}

// noteOffline records an open offline event for each device the sweep just took offline.
func noteOffline(ctx context.Context, tx *db.Tx, deviceIDs []int64, ms int64) error {
	return db.InBatches(deviceIDs, func(ids []any) error {
		_, err := tx.Exec(ctx, `INSERT INTO device_events (user_id, sub_account_id, coin, device_id, worker, kind, since, noticed_at, open)
			SELECT s.user_id, d.sub_account_id, d.coin, d.id, d.worker, ?, d.last_seen_at, ?, ?
			FROM devices d JOIN sub_accounts s ON s.id = d.sub_account_id WHERE d.id IN (`+db.Marks(len(ids))+`) ORDER BY d.id`,
			append([]any{EventOffline, ms, true}, ids...)...)
		if err != nil {
			return fmt.Errorf("pool: note devices offline: %w", err)
		}
		return nil
	})
}

// pruneEvents drops closed events older than EventsKept.
func pruneEvents(ctx context.Context, tx *db.Tx, now time.Time) error {
	_, err := tx.Exec(ctx, `DELETE FROM device_events WHERE noticed_at < ? AND NOT open`, now.Add(-EventsKept).UnixMilli())
	if err != nil {
		return fmt.Errorf("pool: prune device events: %w", err)
	}
	return nil
}

func scanIDs(rows interface {
	Next() bool
	Scan(...any) error
	Err() error
	Close() error
}) ([]int64, error) {
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// MaxDeviceEvents caps the device events one read answers (newest first): a message lists
// them grouped, and a feed this long is already more than anyone reads.
const MaxDeviceEvents = 5000

// DeviceEvents lists the device events in scope noticed at or after since, newest first
// (then by id), at most MaxDeviceEvents.
func (s *Store) DeviceEvents(ctx context.Context, sc scope.Scope, since time.Time) ([]DeviceEvent, error) {
	where, args := sc.Where("e.user_id", "e.sub_account_id", "e.coin")
	return s.deviceEvents(ctx, where+" AND e.noticed_at >= ? ORDER BY e.noticed_at DESC, e.id LIMIT ?",
		append(args, since.UnixMilli(), MaxDeviceEvents)...)
}

// DeviceEventGroup is the events in scope noticed by the same sweep, of the same kind,
// sub-account and coin as event id; empty when id is not in scope.
func (s *Store) DeviceEventGroup(ctx context.Context, sc scope.Scope, id int64) ([]DeviceEvent, error) {
	where, args := sc.Where("e.user_id", "e.sub_account_id", "e.coin")
	return s.deviceEvents(ctx, where+` AND EXISTS (SELECT 1 FROM device_events g WHERE g.id = ? AND g.kind = e.kind
		AND g.sub_account_id = e.sub_account_id AND g.coin = e.coin AND g.noticed_at = e.noticed_at) ORDER BY e.id`, append(args, id)...)
}

func (s *Store) deviceEvents(ctx context.Context, cond string, args ...any) ([]DeviceEvent, error) {
	rows, err := s.DB.Query(ctx, `SELECT e.id, e.sub_account_id, s.code, e.coin, e.device_id, e.worker, e.kind, e.since, e.noticed_at
		FROM device_events e JOIN sub_accounts s ON s.id = e.sub_account_id WHERE `+cond, args...)
	if err != nil {
		return nil, fmt.Errorf("pool: device events: %w", err)
	}
	defer rows.Close()
	out := []DeviceEvent{}
	for rows.Next() {
		var e DeviceEvent
		if err := rows.Scan(&e.ID, &e.SubAccountID, &e.SubAccount, &e.Coin, &e.DeviceID, &e.Worker, &e.Kind, &e.Since, &e.NoticedAt); err != nil {
			return nil, fmt.Errorf("pool: device events: %w", err)
		}
		e.Worker = e.SubAccount + "." + e.Worker
		out = append(out, e)
	}
	return out, rows.Err()
}
