package overclock

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/pool"
)

// Store is the overclock tables: templates and the per-device requests. Devices and the
// agent's sub-account are the pool's, reached through Pool.
type Store struct {
	DB   *db.DB
	Pool *pool.Store
	// Now is the clock of requests and acknowledgements; nil is time.Now.
	Now func() time.Time
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Template is a user's named overclock settings for one coin (SPEC section 3).
type Template struct {
	ID          int64
	UserID      int64
	Name        string
	Coin        string
	GPUCategory string
	Settings
	CreatedAt int64
	UpdatedAt int64
}

const templateColumns = `id, user_id, name, coin, gpu_category, core_clock, core_clock_lock, mem_clock, mem_clock_lock, power, fan,
	created_at, updated_at`

func scanTemplate(row interface{ Scan(...any) error }) (Template, error) {
	var t Template
	var v [6]sql.NullInt64
	err := row.Scan(&t.ID, &t.UserID, &t.Name, &t.Coin, &t.GPUCategory, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &t.CreatedAt, &t.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return t, db.ErrNotFound
	}
	ptr := func(n sql.NullInt64) *int64 {
		if !n.Valid {
			return nil
		}
		return &n.Int64
	}
	t.CoreClock, t.CoreClockLock, t.MemClock, t.MemClockLock, t.Power, t.Fan = ptr(v[0]), ptr(v[1]), ptr(v[2]), ptr(v[3]), ptr(v[4]), ptr(v[5])
	return t, err
}

// overclockCoin answers the coin named typ when it exists and allows overclocking
// (gpuOverclockingFlag), else the error the user sees.
func (s *Store) overclockCoin(ctx context.Context, typ string) (coin.Coin, error) {
	c, err := (&coin.Store{DB: s.DB}).Get(ctx, typ)
	if errors.Is(err, db.ErrNotFound) {
		return c, httpx.Warn("overclock.coinNotFound", i18n.Params{"coin": typ})
	}
	if err != nil {
		return c, err
	}
	if !c.GPUOverclockingFlag {
		return c, noOverclock(c.Type)
	}
	return c, nil
}

// noOverclock is SPEC section 8's "Coin does not support ... overclocking".
func noOverclock(coinType string) error {
	return httpx.Warn("overclock.coinNoOverclock", i18n.Params{"coin": coinType})
}

// Template answers the user's template id, or the 404 a stranger's id gets too.
func (s *Store) Template(ctx context.Context, userID, id int64) (Template, error) {
	t, err := scanTemplate(s.DB.QueryRow(ctx, "SELECT "+templateColumns+" FROM overclock_templates WHERE id = ? AND user_id = ?", id, userID))
	if errors.Is(err, db.ErrNotFound) {
		return t, httpx.NotFound("overclock.templateNotFound")
	}
	if err != nil {
		return t, fmt.Errorf("overclock: template %d: %w", id, err)
	}
	return t, nil
}

// Templates answers one page of the user's templates (of one coin when coinType is not
// empty), newest first, and how many there are in all.
func (s *Store) Templates(ctx context.Context, userID int64, coinType string, page, pageSize int) ([]Template, int, error) {
	where, args := " FROM overclock_templates WHERE user_id = ?", []any{userID}
	if coinType != "" {
		where += " AND coin = ?"
		args = append(args, coinType)
	}
	var total int
	if err := s.DB.QueryRow(ctx, "SELECT COUNT(*)"+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("overclock: count templates: %w", err)
	}
	rows, err := s.DB.Query(ctx, "SELECT "+templateColumns+where+" ORDER BY id DESC LIMIT ? OFFSET ?",
		append(args, pageSize, (page-1)*pageSize)...)
	if err != nil {
		return nil, 0, fmt.Errorf("overclock: list templates: %w", err)
	}
	defer rows.Close()
	out := []Template{}
	for rows.Next() {
		t, err := scanTemplate(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("overclock: list templates: %w", err)
		}
		out = append(out, t)
	}
	return out, total, rows.Err()
}

// saveError maps a unique violation of the name index to the message the user sees.
func saveError(err error, in Input) error {
	if db.IsUniqueViolation(err) {
		return httpx.Warn("overclock.nameTaken", i18n.Params{"name": in.Name, "coin": in.Coin})
	}
	var he *httpx.Error
	if err == nil || errors.As(err, &he) {
		return err
	}
	return fmt.Errorf("overclock: save template %q: %w", in.Name, err)
}

// CreateTemplate adds a template for userID after every rule of Input.Check, on a coin
// that exists and allows overclocking, with a name the user has not used for that coin,
// and at most MaxTemplatesPerUser templates a user.
func (s *Store) CreateTemplate(ctx context.Context, userID int64, in Input) (Template, error) {
	if err := in.Check(); err != nil {
		return Template{}, err
	}
	c, err := s.overclockCoin(ctx, in.Coin)
	if err != nil {
		return Template{}, err
	}
	in.Coin = c.Type
	now := s.now().UnixMilli()
	t := Template{UserID: userID, Name: in.Name, Coin: in.Coin, GPUCategory: in.GPUCategory, Settings: in.Settings, CreatedAt: now, UpdatedAt: now}
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		// One check-then-insert per user at a time (the count).
		if err := (&account.Store{DB: s.DB}).LockUser(ctx, tx, userID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM overclock_templates WHERE user_id = ?", userID).Scan(&n); err != nil {
			return err
		}
		if n >= MaxTemplatesPerUser {
			return httpx.Warn("overclock.tooManyTemplates", i18n.Params{"max": strconv.Itoa(MaxTemplatesPerUser)})
		}
		return tx.QueryRow(ctx, `INSERT INTO overclock_templates (user_id, name, coin, gpu_category, core_clock, core_clock_lock,
			mem_clock, mem_clock_lock, power, fan, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			userID, t.Name, t.Coin, t.GPUCategory, t.CoreClock, t.CoreClockLock, t.MemClock, t.MemClockLock, t.Power, t.Fan, now, now).Scan(&t.ID)
	})
	if err != nil {
		return Template{}, saveError(err, in)
	}
	return t, nil
}

// EditTemplate replaces every field of the user's template id, with the rules of
// CreateTemplate. What devices were sent before is a snapshot and does not change.
func (s *Store) EditTemplate(ctx context.Context, userID, id int64, in Input) (Template, error) {
	if err := in.Check(); err != nil {
		return Template{}, err
	}
	t, err := s.Template(ctx, userID, id)
	if err != nil {
		return t, err
	}
	c, err := s.overclockCoin(ctx, in.Coin)
	if err != nil {
		return Template{}, err
	}
	in.Coin = c.Type
	t.Name, t.Coin, t.GPUCategory, t.Settings, t.UpdatedAt = in.Name, in.Coin, in.GPUCategory, in.Settings, s.now().UnixMilli()
	res, err := s.DB.Exec(ctx, `UPDATE overclock_templates SET name = ?, coin = ?, gpu_category = ?, core_clock = ?, core_clock_lock = ?,
		mem_clock = ?, mem_clock_lock = ?, power = ?, fan = ?, updated_at = ? WHERE id = ? AND user_id = ?`,
		t.Name, t.Coin, t.GPUCategory, t.CoreClock, t.CoreClockLock, t.MemClock, t.MemClockLock, t.Power, t.Fan, t.UpdatedAt, id, userID)
	if err != nil {
		return Template{}, saveError(err, in)
	}
	if n, _ := res.RowsAffected(); n == 0 { // deleted meanwhile
		return Template{}, httpx.NotFound("overclock.templateNotFound")
	}
	return t, nil
}

// DeleteTemplate removes the user's template id. Devices keep what they were sent (a
// snapshot, applied or still pending); their requests no longer name the template's id,
// only its name.
func (s *Store) DeleteTemplate(ctx context.Context, userID, id int64) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "DELETE FROM overclock_templates WHERE id = ? AND user_id = ?", id, userID)
		if err != nil {
			return fmt.Errorf("overclock: delete template %d: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return httpx.NotFound("overclock.templateNotFound")
		}
		if _, err := tx.Exec(ctx, "UPDATE overclock_devices SET template_id = NULL WHERE template_id = ?", id); err != nil {
			return fmt.Errorf("overclock: forget template %d: %w", id, err)
		}
		return nil
	})
}

// Request is the latest overclock request of a device and what its agent answered.
type Request struct {
	DeviceID       int64
	TemplateID     *int64 // nil: factory settings, or a template deleted since
	TemplateName   string // at the request; "" for factory settings
	Factory        bool
	Settings       Settings // snapshot at the request; all nil for factory settings
	State          string
	Message        string
	Version        int64
	RequestedAt    int64
	AcknowledgedAt int64 // 0: not yet
}

const requestColumns = "device_id, template_id, template_name, factory, settings, state, message, version, requested_at, acknowledged_at"

func scanRequest(row interface{ Scan(...any) error }) (Request, error) {
	var r Request
	var tid, ack sql.NullInt64
	var settings string
	err := row.Scan(&r.DeviceID, &tid, &r.TemplateName, &r.Factory, &settings, &r.State, &r.Message, &r.Version, &r.RequestedAt, &ack)
	if errors.Is(err, sql.ErrNoRows) {
		return r, db.ErrNotFound
	}
	if err != nil {
		return r, err
	}
	if tid.Valid {
		r.TemplateID = &tid.Int64
	}
	r.AcknowledgedAt = ack.Int64
	if err := json.Unmarshal([]byte(settings), &r.Settings); err != nil {
		return r, fmt.Errorf("device %d: settings: %w", r.DeviceID, err)
	}
	return r, nil
}

// Requests answers the latest request of each of deviceIDs that has one, by device id.
func (s *Store) Requests(ctx context.Context, deviceIDs []int64) (map[int64]Request, error) {
	out := map[int64]Request{}
	if len(deviceIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(deviceIDs))
	for i, id := range deviceIDs {
		args[i] = id
	}
	rows, err := s.DB.Query(ctx, "SELECT "+requestColumns+" FROM overclock_devices WHERE device_id IN ("+
		db.Marks(len(deviceIDs))+")", args...)
	if err != nil {
		return nil, fmt.Errorf("overclock: requests: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanRequest(rows)
		if err != nil {
			return nil, fmt.Errorf("overclock: requests: %w", err)
		}
		out[r.DeviceID] = r
	}
	return out, rows.Err()
}

// devices answers the user's live devices with ids (duplicates dropped), in the order
// given, or the 404 an id that is not the user's live device gets: unknown, removed and
// someone else's look the same. Each device's coin must allow overclocking.
func (s *Store) devices(ctx context.Context, userID int64, ids []int64) ([]pool.Device, error) {
	ids = unique(ids)
	found, err := s.Pool.DevicesOf(ctx, userID, ids)
	if err != nil {
		return nil, err
	}
	out := make([]pool.Device, 0, len(ids))
	for _, id := range ids {
		d, ok := found[id]
		if !ok {
			return nil, httpx.NotFound("overclock.deviceNotFound")
		}
		out = append(out, d)
	}
	return out, nil
}

// checkCoins refuses the call when any device's coin does not allow overclocking.
func (s *Store) checkCoins(ctx context.Context, devices []pool.Device) error {
	seen := map[string]bool{}
	for _, d := range devices {
		if seen[d.Coin] {
			continue
		}
		seen[d.Coin] = true
		c, err := (&coin.Store{DB: s.DB}).Get(ctx, d.Coin)
		if err != nil {
			return fmt.Errorf("overclock: coin of device %d: %w", d.ID, err)
		}
		if !c.GPUOverclockingFlag {
			return noOverclock(c.Type)
		}
	}
	return nil
}

func unique(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// Apply sends the user's template to the user's devices: each gets a new pending request
// (its version one more than the last) with a snapshot of the template's settings. All or
// nothing: an unknown template or device (404), a device on a coin without
// gpuOverclockingFlag, or a device mining another coin than the template's refuses the
// whole call and changes nothing.
func (s *Store) Apply(ctx context.Context, userID, templateID int64, deviceIDs []int64) ([]pool.Device, error) {
	t, err := s.Template(ctx, userID, templateID)
	if err != nil {
		return nil, err
	}
	devices, err := s.devices(ctx, userID, deviceIDs)
	if err != nil {
		return nil, err
	}
	if err := s.checkCoins(ctx, devices); err != nil {
		return nil, err
	}
	for _, d := range devices {
		if d.Coin != t.Coin {
			return nil, httpx.Warn("overclock.coinMismatch", i18n.Params{"device": d.FullName(), "deviceCoin": d.Coin, "coin": t.Coin})
		}
	}
	id := t.ID
	return devices, s.request(ctx, devices, &id, t.Name, false, t.Settings)
}

// Cancel sends factory settings to the user's devices, with Apply's checks (a template's
// aside) and the same all-or-nothing rule.
func (s *Store) Cancel(ctx context.Context, userID int64, deviceIDs []int64) ([]pool.Device, error) {
	devices, err := s.devices(ctx, userID, deviceIDs)
	if err != nil {
		return nil, err
	}
	if err := s.checkCoins(ctx, devices); err != nil {
		return nil, err
	}
	return devices, s.request(ctx, devices, nil, "", true, Settings{})
}

// request writes a new pending request for every device in one transaction.
func (s *Store) request(ctx context.Context, devices []pool.Device, templateID *int64, name string, factory bool, st Settings) error {
	raw, err := json.Marshal(st)
	if err != nil {
		return err
	}
	now := s.now().UnixMilli()
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		for _, d := range devices {
			_, err := tx.Exec(ctx, `INSERT INTO overclock_devices (`+requestColumns+`) VALUES (?, ?, ?, ?, ?, ?, '', 1, ?, NULL)
				ON CONFLICT (device_id) DO UPDATE SET template_id = excluded.template_id, template_name = excluded.template_name,
				factory = excluded.factory, settings = excluded.settings, state = excluded.state, message = '',
				version = overclock_devices.version + 1, requested_at = excluded.requested_at, acknowledged_at = NULL`,
				d.ID, templateID, name, factory, string(raw), StatePending, now)
			if err != nil {
				return fmt.Errorf("overclock: request for device %d: %w", d.ID, err)
			}
		}
		return nil
	})
}

// Statuses answers the user's devices with ids and their latest requests (404 when an id
// is not the user's live device).
func (s *Store) Statuses(ctx context.Context, userID int64, deviceIDs []int64) ([]pool.Device, map[int64]Request, error) {
	devices, err := s.devices(ctx, userID, deviceIDs)
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int64, len(devices))
	for i, d := range devices {
		ids[i] = d.ID
	}
	reqs, err := s.Requests(ctx, ids)
	return devices, reqs, err
}

// Pending answers the pending request of a device, or nil when it has none.
func (s *Store) Pending(ctx context.Context, deviceID int64) (*Request, error) {
	r, err := scanRequest(s.DB.QueryRow(ctx, "SELECT "+requestColumns+" FROM overclock_devices WHERE device_id = ? AND state = ?",
		deviceID, StatePending))
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("overclock: pending of device %d: %w", deviceID, err)
	}
	return &r, nil
}

// Ack records the agent's answer to request version of a device: state applied or failed
// and its message (cleaned, at most MaxMessage characters). Only the pending request of
// that very version takes it: an answer to an older version (a newer request was made
// since), or a second answer, changes nothing, and accepted is false.
func (s *Store) Ack(ctx context.Context, deviceID, version int64, state, message string) (accepted bool, err error) {
	res, err := s.DB.Exec(ctx, `UPDATE overclock_devices SET state = ?, message = ?, acknowledged_at = ?
		WHERE device_id = ? AND version = ? AND state = ?`, state, cleanMessage(message), s.now().UnixMilli(), deviceID, version, StatePending)
	if err != nil {
		return false, fmt.Errorf("overclock: ack of device %d: %w", deviceID, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
