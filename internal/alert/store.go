package alert

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/scope"
)

// Store is the alert tables.
type Store struct {
	DB *db.DB
}

const settingsColumns = `sub_account_id, user_id, offline, hashrate, hashrate_percent, by_email, by_sms, digest, digest_hour,
	timezone, lang, digest_day, created_at, updated_at`

func scanSettings(row interface{ Scan(...any) error }) (Settings, error) {
	var s Settings
	err := row.Scan(&s.SubAccountID, &s.UserID, &s.Offline, &s.Hashrate, &s.HashratePercent, &s.ByEmail, &s.BySMS, &s.Digest,
		&s.DigestHour, &s.TimeZone, &s.Lang, &s.DigestDay, &s.CreatedAt, &s.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return s, db.ErrNotFound
	}
	return s, err
}

// Settings answers a sub-account's settings, or the defaults (nothing watched) when it
// has never saved any. userID is the owner the caller checked.
func (s *Store) Settings(ctx context.Context, subID, userID int64) (Settings, error) {
	got, err := scanSettings(s.DB.QueryRow(ctx, "SELECT "+settingsColumns+" FROM alert_settings WHERE sub_account_id = ? AND user_id = ?", subID, userID))
	if errors.Is(err, db.ErrNotFound) {
		return defaults(subID, userID), nil
	}
	if err != nil {
		return got, fmt.Errorf("alert: settings of %d: %w", subID, err)
	}
	return got, nil
}

// SaveSettings stores a sub-account's settings (already checked), replacing any. A watch
// turned off forgets its workers' states, so turning it on again starts afresh.
func (s *Store) SaveSettings(ctx context.Context, set Settings, now time.Time) (Settings, error) {
	ms := now.UnixMilli()
	set.UpdatedAt = ms
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO alert_settings (`+settingsColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?)
			ON CONFLICT (sub_account_id) DO UPDATE SET offline = excluded.offline, hashrate = excluded.hashrate,
			hashrate_percent = excluded.hashrate_percent, by_email = excluded.by_email, by_sms = excluded.by_sms, digest = excluded.digest,
			digest_hour = excluded.digest_hour, timezone = excluded.timezone, lang = excluded.lang, updated_at = excluded.updated_at`,
			set.SubAccountID, set.UserID, set.Offline, set.Hashrate, set.HashratePercent, set.ByEmail, set.BySMS, set.Digest, set.DigestHour,
			set.TimeZone, set.Lang, ms, ms)
		if err != nil {
			return err
		}
		if !set.Active() {
			_, err = tx.Exec(ctx, "DELETE FROM alert_states WHERE sub_account_id = ?", set.SubAccountID)
		} else if !set.Hashrate {
			_, err = tx.Exec(ctx, "DELETE FROM alert_states WHERE sub_account_id = ? AND kind = ?", set.SubAccountID, watchHashrate)
		}
		return err
	})
	if err != nil {
		return set, fmt.Errorf("alert: save settings of %d: %w", set.SubAccountID, err)
	}
	return s.Settings(ctx, set.SubAccountID, set.UserID)
}

// activeSettings lists the settings that watch something, by sub-account.
func (s *Store) activeSettings(ctx context.Context) (map[int64]Settings, error) {
	rows, err := s.DB.Query(ctx, "SELECT "+settingsColumns+" FROM alert_settings WHERE offline OR hashrate ORDER BY sub_account_id")
	if err != nil {
		return nil, fmt.Errorf("alert: active settings: %w", err)
	}
	defer rows.Close()
	out := map[int64]Settings{}
	for rows.Next() {
		set, err := scanSettings(rows)
		if err != nil {
			return nil, fmt.Errorf("alert: active settings: %w", err)
		}
		out[set.SubAccountID] = set
	}
	return out, rows.Err()
}

// settingsOf answers the stored settings of sub-accounts, by id (missing ones absent).
func (s *Store) settingsOf(ctx context.Context, ids []int64) (map[int64]Settings, error) {
	out := map[int64]Settings{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.DB.Query(ctx, "SELECT "+settingsColumns+" FROM alert_settings WHERE sub_account_id IN ("+db.Marks(len(ids))+")", args...)
	if err != nil {
		return nil, fmt.Errorf("alert: settings: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		set, err := scanSettings(rows)
		if err != nil {
			return nil, fmt.Errorf("alert: settings: %w", err)
		}
		out[set.SubAccountID] = set
	}
	return out, rows.Err()
}

// watch is one alert_states row.
type watch struct {
	DeviceID     int64
	Kind         string
	SubAccountID int64
	State        string
	Since        int64
	ChangedAt    int64
}

type watchKey struct {
	device int64
	kind   string
}

// watches loads the states of the given sub-accounts' workers.
func (s *Store) watches(ctx context.Context, subID int64) (map[watchKey]watch, error) {
	rows, err := s.DB.Query(ctx, "SELECT device_id, kind, sub_account_id, state, since, changed_at FROM alert_states WHERE sub_account_id = ?", subID)
	if err != nil {
		return nil, fmt.Errorf("alert: states of %d: %w", subID, err)
	}
	defer rows.Close()
	out := map[watchKey]watch{}
	for rows.Next() {
		var w watch
		if err := rows.Scan(&w.DeviceID, &w.Kind, &w.SubAccountID, &w.State, &w.Since, &w.ChangedAt); err != nil {
			return nil, fmt.Errorf("alert: states of %d: %w", subID, err)
		}
		out[watchKey{w.DeviceID, w.Kind}] = w
	}
	return out, rows.Err()
}

const eventColumns = `e.id, e.user_id, e.sub_account_id, e.coin, e.device_id, e.worker, e.kind, e.since, e.noticed_at, e.hashrate,
	e.average, e.percent, e.threshold_ms, e.digest, COALESCE(e.notice_id, 0)`

func scanEvent(row interface{ Scan(...any) error }) (Event, error) {
	var e Event
	err := row.Scan(&e.ID, &e.UserID, &e.SubAccountID, &e.Coin, &e.DeviceID, &e.Worker, &e.Kind, &e.Since, &e.NoticedAt, &e.HashRate,
		&e.Average, &e.Percent, &e.Threshold, &e.Digest, &e.NoticeID)
	if code, _, ok := strings.Cut(e.Worker, "."); ok {
		e.SubAccount = code
	}
	return e, err
}

func (s *Store) events(ctx context.Context, cond string, args ...any) ([]Event, error) {
	rows, err := s.DB.Query(ctx, "SELECT "+eventColumns+" FROM alert_events e WHERE "+cond, args...)
	if err != nil {
		return nil, fmt.Errorf("alert: events: %w", err)
	}
	defer rows.Close()
	out := []Event{}
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, fmt.Errorf("alert: events: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// MaxEvents caps the events one read answers.
const MaxEvents = 5000

// Events lists the alerts and recoveries in scope noticed at or after since, newest first
// (then by id), at most MaxEvents: what observer links are told.
func (s *Store) Events(ctx context.Context, sc scope.Scope, since time.Time) ([]Event, error) {
	where, args := sc.Where("e.user_id", "e.sub_account_id", "e.coin")
	return s.events(ctx, where+" AND e.noticed_at >= ? ORDER BY e.noticed_at DESC, e.id LIMIT ?", append(args, since.UnixMilli(), MaxEvents)...)
}

// EventRow is an event in the owner's list, with how it was told.
type EventRow struct {
	Event
	// Delivery: sent (at least one channel), pending, digest (waiting for the daily
	// digest), failed, or none (no channel chosen or no contact bound).
	Delivery string
}

// SubAccountEvents pages a sub-account's events of the last EventsKept, newest first.
func (s *Store) SubAccountEvents(ctx context.Context, subID, userID int64, page, size int, now time.Time) ([]EventRow, int, error) {
	since := now.Add(-EventsKept).UnixMilli()
	var total int
	if err := s.DB.QueryRow(ctx, "SELECT COUNT(*) FROM alert_events WHERE sub_account_id = ? AND user_id = ? AND noticed_at >= ?",
		subID, userID, since).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("alert: count events of %d: %w", subID, err)
	}
	rows, err := s.DB.Query(ctx, "SELECT "+eventColumns+`, COALESCE(n.email_state, ''), COALESCE(n.sms_state, '')
		FROM alert_events e LEFT JOIN alert_notices n ON n.id = e.notice_id
		WHERE e.sub_account_id = ? AND e.user_id = ? AND e.noticed_at >= ? ORDER BY e.noticed_at DESC, e.id DESC LIMIT ? OFFSET ?`,
		subID, userID, since, size, (page-1)*size)
	if err != nil {
		return nil, 0, fmt.Errorf("alert: events of %d: %w", subID, err)
	}
	defer rows.Close()
	out := []EventRow{}
	for rows.Next() {
		var r EventRow
		var email, sms string
		if err := rows.Scan(&r.ID, &r.UserID, &r.SubAccountID, &r.Coin, &r.DeviceID, &r.Worker, &r.Kind, &r.Since, &r.NoticedAt, &r.HashRate,
			&r.Average, &r.Percent, &r.Threshold, &r.Digest, &r.NoticeID, &email, &sms); err != nil {
			return nil, 0, fmt.Errorf("alert: events of %d: %w", subID, err)
		}
		if code, _, ok := strings.Cut(r.Worker, "."); ok {
			r.SubAccount = code
		}
		r.Delivery = delivery(r.NoticeID, email, sms)
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// delivery sums up a notice's channel states for the owner's list.
func delivery(noticeID int64, email, sms string) string {
	switch {
	case noticeID == 0:
		return "digest"
	case email == sendSent || sms == sendSent:
		return sendSent
	case email == sendPending || sms == sendPending:
		return sendPending
	case email == sendFailed || sms == sendFailed:
		return sendFailed
	}
	return sendNone
}
