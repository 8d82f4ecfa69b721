package alert

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/pool"
)

// Job is the jobs role's alert work: it judges the watched workers, writes alerts and
// recoveries with the state changes that make them, makes the daily digests, and sends
// what is due (docs/alerts.md). Every step may run twice, or in two processes at once,
// without telling anything twice.
type Job struct {
	Store    *Store
	Pool     *pool.Store
	Accounts *account.Store
	Coins    *coin.Store
	// Email and SMS deliver the notices; nil leaves that channel's notices pending.
	Email, SMS notify.AlertSender
	// MinOffline is the shortest offline threshold (DefaultMinOffline when zero).
	MinOffline time.Duration
	Log        *slog.Logger
}

// Report is what one run did.
type Report struct {
	Events  int // alerts and recoveries written
	Digests int // digests made
	Sent    int // notice channels delivered
	Failed  int // notice channels that failed this time
}

// lockID is the PostgreSQL advisory lock that lets one jobs process run the job at a
// time; the unique keys and leases keep a second one harmless where there is no lock.
const lockID = 7_340_021

// Run judges, digests and sends at now (the wall clock the device writers use).
func (j *Job) Run(ctx context.Context, now time.Time) (Report, error) {
	var r Report
	_, err := j.Store.DB.Exclusive(ctx, lockID, func() error {
		var errs []error
		n, err := j.Judge(ctx, now)
		r.Events = n
		errs = append(errs, err)
		n, err = j.Digests(ctx, now)
		r.Digests = n
		errs = append(errs, err)
		sent, failed, err := j.Send(ctx, now)
		r.Sent, r.Failed = sent, failed
		errs = append(errs, err, j.Prune(ctx, now))
		return errors.Join(errs...)
	})
	return r, err
}

func (j *Job) log() *slog.Logger {
	if j.Log != nil {
		return j.Log
	}
	return slog.New(slog.DiscardHandler)
}

func (j *Job) minOffline() time.Duration {
	if j.MinOffline > 0 {
		return j.MinOffline
	}
	return DefaultMinOffline
}

// Judge moves every watched worker's states on at now and writes the events the changes
// make, one transaction per sub-account; a sub-account that is told at once gets one
// notice for the run. It answers how many events it wrote.
func (j *Job) Judge(ctx context.Context, now time.Time) (int, error) {
	settings, err := j.Store.activeSettings(ctx)
	if err != nil || len(settings) == 0 {
		return 0, err
	}
	ids := make([]int64, 0, len(settings))
	for id := range settings {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(a, b int) bool { return ids[a] < ids[b] })
	workers, err := j.Pool.AlertWorkers(ctx, ids, now)
	if err != nil {
		return 0, err
	}
	algos, err := j.algorithms(ctx)
	if err != nil {
		return 0, err
	}
	bySub := map[int64][]pool.AlertWorker{}
	for _, w := range workers {
		bySub[w.SubAccountID] = append(bySub[w.SubAccountID], w)
	}
	total := 0
	var errs []error
	for _, id := range ids {
		n, err := j.judgeSub(ctx, settings[id], bySub[id], algos, now)
		total += n
		if err != nil {
			errs = append(errs, fmt.Errorf("alert: sub-account %d: %w", id, err))
		}
	}
	return total, errors.Join(errs...)
}

func (j *Job) algorithms(ctx context.Context) (map[string]string, error) {
	list, err := j.Coins.List(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(list))
	for _, c := range list {
		out[c.Type] = c.Algorithm
	}
	return out, nil
}

// change is one watch's move from the state it was read in.
type change struct {
	w      pool.AlertWorker
	f      Figures
	watch  string
	from   watch // zero State: a new row
	to     step
	insert bool
}

// judgeSub judges one sub-account's workers and writes what changed in one transaction.
func (j *Job) judgeSub(ctx context.Context, set Settings, workers []pool.AlertWorker, algos map[string]string, now time.Time) (int, error) {
	current, err := j.Store.watches(ctx, set.SubAccountID)
	if err != nil {
		return 0, err
	}
	ms := now.UnixMilli()
	var changes []change
	live := map[int64]bool{}
	for _, w := range workers {
		live[w.DeviceID] = true
		if w.LastShareAt == 0 {
			continue // never an accepted share: nothing to judge (an agent-only rig)
		}
		f := Measure(w, algos[w.Coin], j.minOffline(), now)
		off := current[watchKey{w.DeviceID, watchOffline}]
		o := nextOffline(off.State, off.Since, w, f)
		if o.state == stateAlerted && !set.Offline {
			o = step{state: stateMuted, since: o.since} // watched for the hashrate's sake only
		}
		offChanged := off.ChangedAt
		if off.State == "" || o.state != off.State || o.since != off.Since {
			changes = append(changes, change{w: w, f: f, watch: watchOffline, from: off, to: o, insert: off.State == ""})
			offChanged = ms
		}
		if !set.Hashrate {
			continue
		}
		hr := current[watchKey{w.DeviceID, watchHashrate}]
		h := nextHashrate(hr.State, hr.Since, f, set.HashratePercent, o.state, offChanged, now)
		if h.state != "" && (hr.State == "" || h.state != hr.State) {
			changes = append(changes, change{w: w, f: f, watch: watchHashrate, from: hr, to: h, insert: hr.State == ""})
		}
	}
	var gone []int64
	for k := range current {
		if !live[k.device] {
			gone = append(gone, k.device)
		}
	}
	if len(changes) == 0 && len(gone) == 0 {
		return 0, nil
	}
	written := 0
	err = j.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		written = 0
		var eventIDs []int64
		for _, id := range gone {
			// A removed device (3 days offline) or one moved away: its watches end.
			if _, err := tx.Exec(ctx, "DELETE FROM alert_states WHERE device_id = ? AND sub_account_id = ?", id, set.SubAccountID); err != nil {
				return err
			}
		}
		for _, c := range changes {
			moved, err := applyChange(ctx, tx, set, c, ms)
			if err != nil {
				return err
			}
			if !moved || c.to.event == "" {
				continue
			}
			id, err := insertEvent(ctx, tx, set, c, ms)
			if err != nil {
				return err
			}
			if id != 0 {
				eventIDs = append(eventIDs, id)
				written++
			}
		}
		if len(eventIDs) == 0 || set.Digest {
			return nil
		}
		return addNotice(ctx, tx, set, "events", "", fmt.Sprintf("events:%d:%d", set.SubAccountID, eventIDs[0]), eventIDs, ms)
	})
	if err != nil {
		return 0, err
	}
	return written, nil
}

// applyChange writes one watch's move, only from the state it was read in: of two
// processes judging at once, one moves it and the other's UPDATE matches nothing.
func applyChange(ctx context.Context, tx *db.Tx, set Settings, c change, ms int64) (bool, error) {
	if c.insert {
		res, err := tx.Exec(ctx, `INSERT INTO alert_states (device_id, kind, sub_account_id, state, since, changed_at) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (device_id, kind) DO NOTHING`, c.w.DeviceID, c.watch, set.SubAccountID, c.to.state, c.to.since, ms)
		if err != nil {
			return false, fmt.Errorf("new state of device %d: %w", c.w.DeviceID, err)
		}
		n, err := res.RowsAffected()
		return n == 1, err
	}
	changedAt := ms
	if c.to.state == c.from.State {
		changedAt = c.from.ChangedAt // only the episode's share moved on
	}
	res, err := tx.Exec(ctx, `UPDATE alert_states SET state = ?, since = ?, changed_at = ?
		WHERE device_id = ? AND kind = ? AND state = ? AND since = ? AND changed_at = ?`,
		c.to.state, c.to.since, changedAt, c.w.DeviceID, c.watch, c.from.State, c.from.Since, c.from.ChangedAt)
	if err != nil {
		return false, fmt.Errorf("state of device %d: %w", c.w.DeviceID, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// insertEvent writes the event of a move; its key (kind, device and the state it left)
// makes a repeated write a no-op (id 0).
func insertEvent(ctx context.Context, tx *db.Tx, set Settings, c change, ms int64) (int64, error) {
	key := c.to.event + ":" + strconv.FormatInt(c.w.DeviceID, 10) + ":" + strconv.FormatInt(c.from.ChangedAt, 10)
	e := Event{Since: c.to.since}
	switch c.to.event {
	case KindOffline:
		e.Threshold = c.f.Threshold.Milliseconds()
	case KindOnline:
	default:
		e.Since = ms
		e.HashRate, e.Average, e.Percent = c.f.Recent, c.f.Average, c.f.Percent
	}
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO alert_events (event_key, user_id, sub_account_id, coin, device_id, worker, kind, since, noticed_at,
		hashrate, average, percent, threshold_ms, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (event_key) DO NOTHING RETURNING id`,
		key, set.UserID, set.SubAccountID, c.w.Coin, c.w.DeviceID, c.w.Worker, c.to.event, e.Since, ms,
		e.HashRate, e.Average, e.Percent, e.Threshold, set.Digest).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("event %s: %w", key, err)
	}
	return id, nil
}

// addNotice makes the notice that tells events, with each chosen channel pending, and
// points the events at it. A notice whose key exists already (a re-run) adds nothing.
func addNotice(ctx context.Context, tx *db.Tx, set Settings, kind, day, key string, eventIDs []int64, ms int64) error {
	email, sms := sendNone, sendNone
	if set.ByEmail {
		email = sendPending
	}
	if set.BySMS {
		sms = sendPending
	}
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO alert_notices (notice_key, user_id, sub_account_id, kind, day, email_state, sms_state, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (notice_key) DO NOTHING RETURNING id`,
		key, set.UserID, set.SubAccountID, kind, day, email, sms, ms).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("notice %s: %w", key, err)
	}
	err = db.InBatches(eventIDs, func(events []any) error {
		_, err := tx.Exec(ctx, "UPDATE alert_events SET notice_id = ? WHERE notice_id IS NULL AND id IN ("+db.Marks(len(events))+")",
			append([]any{id}, events...)...)
		return err
	})
	if err != nil {
		return fmt.Errorf("notice %s: %w", key, err)
	}
	return nil
}

// Digests makes the daily digest of every sub-account whose events wait for one and whose
// digest hour has come in its time zone (at most one a local day); events left waiting by
// a digest turned off go at once. It answers how many digests it made.
func (j *Job) Digests(ctx context.Context, now time.Time) (int, error) {
	rows, err := j.Store.DB.Query(ctx, `SELECT sub_account_id, MIN(id), MIN(user_id) FROM alert_events WHERE digest AND notice_id IS NULL
		GROUP BY sub_account_id ORDER BY sub_account_id`)
	if err != nil {
		return 0, fmt.Errorf("alert: waiting digests: %w", err)
	}
	type waiting struct{ sub, first, user int64 }
	var list []waiting
	for rows.Next() {
		var w waiting
		if err := rows.Scan(&w.sub, &w.first, &w.user); err != nil {
			rows.Close()
			return 0, fmt.Errorf("alert: waiting digests: %w", err)
		}
		list = append(list, w)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("alert: waiting digests: %w", err)
	}
	ids := make([]int64, len(list))
	for i, w := range list {
		ids[i] = w.sub
	}
	settings, err := j.Store.settingsOf(ctx, ids)
	if err != nil {
		return 0, err
	}
	made := 0
	var errs []error
	for _, w := range list {
		set, ok := settings[w.sub]
		if !ok {
			set = defaults(w.sub, w.user)
		}
		local := now.In(set.Location())
		day := local.Format(time.DateOnly)
		key := fmt.Sprintf("flush:%d:%d", w.sub, w.first)
		if set.Digest {
			if local.Hour() < set.DigestHour || set.DigestDay >= day {
				continue
			}
			key = fmt.Sprintf("digest:%d:%s", w.sub, day)
		}
		err := j.Store.DB.InTx(ctx, func(tx *db.Tx) error {
			if set.Digest {
				res, err := tx.Exec(ctx, "UPDATE alert_settings SET digest_day = ? WHERE sub_account_id = ? AND digest_day = ?", day, w.sub, set.DigestDay)
				if err != nil {
					return err
				}
				if n, _ := res.RowsAffected(); n != 1 {
					return errTaken // another process made it
				}
			}
			var events []int64
			rows, err := tx.Query(ctx, "SELECT id FROM alert_events WHERE sub_account_id = ? AND digest AND notice_id IS NULL ORDER BY id", w.sub)
			if err != nil {
				return err
			}
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					rows.Close()
					return err
				}
				events = append(events, id)
			}
			rows.Close()
			if err := rows.Err(); err != nil || len(events) == 0 {
				return err
			}
			return addNotice(ctx, tx, set, "digest", day, key, events, now.UnixMilli())
		})
		switch {
		case errors.Is(err, errTaken):
		case err != nil:
			errs = append(errs, fmt.Errorf("alert: digest of %d: %w", w.sub, err))
		default:
			made++
		}
	}
	return made, errors.Join(errs...)
}

var errTaken = errors.New("alert: taken by another process")

// notice is an alert_notices row being sent.
type notice struct {
	ID           int64
	UserID       int64
	SubAccountID int64
	Kind         string
	Day          string
	Email, SMS   string
	Attempts     int
	LeaseUntil   int64
}

// maxSendsPerRun bounds the notices one run sends; the rest go on the next.
const maxSendsPerRun = 200

// Send delivers the notices that are due: each is taken for Lease (only when its lease has
// passed, so of two processes one takes it), sent on each pending channel, and each channel
// marked sent at once. It answers the channels sent and failed.
func (j *Job) Send(ctx context.Context, now time.Time) (sent, failed int, err error) {
	ms := now.UnixMilli()
	rows, err := j.Store.DB.Query(ctx, `SELECT id, user_id, sub_account_id, kind, day, email_state, sms_state, attempts, lease_until
		FROM alert_notices WHERE (email_state = ? OR sms_state = ?) AND lease_until < ? ORDER BY id LIMIT ?`,
		sendPending, sendPending, ms, maxSendsPerRun)
	if err != nil {
		return 0, 0, fmt.Errorf("alert: due notices: %w", err)
	}
	var due []notice
	for rows.Next() {
		var n notice
		if err := rows.Scan(&n.ID, &n.UserID, &n.SubAccountID, &n.Kind, &n.Day, &n.Email, &n.SMS, &n.Attempts, &n.LeaseUntil); err != nil {
			rows.Close()
			return 0, 0, fmt.Errorf("alert: due notices: %w", err)
		}
		due = append(due, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, 0, fmt.Errorf("alert: due notices: %w", err)
	}
	var errs []error
	for _, n := range due {
		s, f, err := j.sendOne(ctx, n, now)
		sent += s
		failed += f
		if err != nil {
			errs = append(errs, err)
		}
	}
	return sent, failed, errors.Join(errs...)
}

// sendOne takes a notice, sends its pending channels and marks each.
func (j *Job) sendOne(ctx context.Context, n notice, now time.Time) (sent, failed int, err error) {
	ms := now.UnixMilli()
	res, err := j.Store.DB.Exec(ctx, "UPDATE alert_notices SET lease_until = ?, attempts = attempts + 1 WHERE id = ? AND lease_until = ?",
		ms+Lease.Milliseconds(), n.ID, n.LeaseUntil)
	if err != nil {
		return 0, 0, fmt.Errorf("alert: take notice %d: %w", n.ID, err)
	}
	if k, _ := res.RowsAffected(); k != 1 {
		return 0, 0, nil // another process has it
	}
	n.Attempts++
	events, err := j.Store.events(ctx, "e.notice_id = ? ORDER BY e.noticed_at, e.id", n.ID)
	if err != nil {
		return 0, 0, err
	}
	u, err := j.Accounts.UserByID(ctx, j.Store.DB, n.UserID)
	gone := errors.Is(err, db.ErrNotFound) || (err == nil && u.Status != account.StatusActive)
	if err != nil && !gone {
		return 0, 0, err
	}
	set, err := j.Store.Settings(ctx, n.SubAccountID, n.UserID)
	if err != nil {
		return 0, 0, err
	}
	a := notify.Alert{Lang: set.Lang, SubAccount: subAccountOf(events), Digest: n.Kind == "digest", Day: n.Day, TimeZone: set.Location(),
		Items: items(events)}
	if a.Lang == "" {
		a.Lang = u.Lang
	}
	for _, ch := range []struct {
		name   string
		state  *string
		to     string
		sender notify.AlertSender
		column string
	}{
		{notify.ChannelEmail, &n.Email, u.Email, j.Email, "email_state"},
		{notify.ChannelSMS, &n.SMS, u.Phone, j.SMS, "sms_state"},
	} {
		if *ch.state != sendPending {
			continue
		}
		next, errText := sendPending, ""
		switch {
		case gone || ch.to == "" || len(a.Items) == 0:
			next = sendSkipped
		case ch.sender == nil:
			continue // this process cannot send it: the lease passes and another may
		default:
			a.Channel, a.To = ch.name, ch.to
			if err := ch.sender.SendAlert(ctx, a); err != nil {
				j.log().Warn("alert not sent", "notice", n.ID, "channel", ch.name, "attempt", n.Attempts, "err", err)
				errText = err.Error()
				failed++
				if n.Attempts >= MaxAttempts {
					next = sendFailed
				}
			} else {
				next = sendSent
				sent++
			}
		}
		if next == sendPending {
			if _, err := j.Store.DB.Exec(ctx, "UPDATE alert_notices SET error = ? WHERE id = ?", clip(errText), n.ID); err != nil {
				return sent, failed, fmt.Errorf("alert: mark notice %d: %w", n.ID, err)
			}
			continue
		}
		*ch.state = next
		if _, err := j.Store.DB.Exec(ctx, "UPDATE alert_notices SET "+ch.column+" = ?, error = ? WHERE id = ?", next, clip(errText), n.ID); err != nil {
			return sent, failed, fmt.Errorf("alert: mark notice %d: %w", n.ID, err)
		}
	}
	if n.Email != sendPending && n.SMS != sendPending {
		if _, err := j.Store.DB.Exec(ctx, "UPDATE alert_notices SET sent_at = ? WHERE id = ?", now.UnixMilli(), n.ID); err != nil {
			return sent, failed, fmt.Errorf("alert: mark notice %d: %w", n.ID, err)
		}
	}
	return sent, failed, nil
}

func clip(s string) string {
	if len(s) > 500 {
		return s[:500]
	}
	return s
}

func subAccountOf(events []Event) string {
	if len(events) == 0 {
		return ""
	}
	return events[0].SubAccount
}

// items are events as a mail lists them.
func items(events []Event) []notify.AlertItem {
	out := make([]notify.AlertItem, 0, len(events))
	for _, e := range events {
		it := notify.AlertItem{Kind: e.Kind, Worker: e.Worker, Coin: e.Coin, At: time.UnixMilli(e.Since),
			Threshold: time.Duration(e.Threshold) * time.Millisecond, Percent: e.Percent}
		if e.Kind == KindHashrateLow || e.Kind == KindHashrateBack {
			show, unit := hashrate.Format(e.HashRate)
			it.HashRate = show + " " + unit
			show, unit = hashrate.Format(e.Average)
			it.Average = show + " " + unit
		}
		out = append(out, it)
	}
	return out
}

// Prune drops events and finished notices older than EventsKept.
func (j *Job) Prune(ctx context.Context, now time.Time) error {
	cut := now.Add(-EventsKept).UnixMilli()
	if _, err := j.Store.DB.Exec(ctx, "DELETE FROM alert_events WHERE noticed_at < ?", cut); err != nil {
		return fmt.Errorf("alert: prune events: %w", err)
	}
	if _, err := j.Store.DB.Exec(ctx, "DELETE FROM alert_notices WHERE created_at < ? AND email_state <> ? AND sms_state <> ?",
		cut, sendPending, sendPending); err != nil {
		return fmt.Errorf("alert: prune notices: %w", err)
	}
	return nil
}
