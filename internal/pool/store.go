package pool

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"github.com/uniplus-pool/pool/internal/scope"
	"github.com/uniplus-pool/pool/internal/textcheck"
	"strconv"
)

// Store is the pool tables: sub-accounts, devices and share minutes.
type Store struct {
	DB *db.DB
	// Now is the clock of ShareDevice, reports and the read windows; tests move it.
	Now func() time.Time
	// MaxDevicesPerSubAccount caps the live devices of one sub-account with a sign of life
	// within CapWindow (removed ones, and those quiet for longer, do not count); 0 means
	// DefaultMaxDevicesPerSubAccount. A new worker past it is refused (ErrDeviceLimit) and
	// nothing is written.
	MaxDevicesPerSubAccount int
	// MaxNewDevicesPerAddress bounds the devices the stratum workers of one source address
	// (sourceOf) may make in one sub-account within NewDeviceWindow; 0 means
	// DefaultMaxNewDevicesPerAddress, below 0 no bound. A new worker past it is refused
	// (ErrNewDeviceRate). Devices an agent report makes are not counted: the agent holds
	// the sub-account's Uniplus ID.
	MaxNewDevicesPerAddress int
	// HoldsMoney says whether a sub-account has money or earnings still settling (the
	// earnings package answers it); such a sub-account cannot be deleted, or its money
	// would have no owner to withdraw it. Nil: nothing is checked.
	HoldsMoney func(ctx context.Context, q db.Querier, subAccountID int64) (bool, error)
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// maxDevices is the device cap of a sub-account.
func (s *Store) maxDevices() int {
	if s.MaxDevicesPerSubAccount > 0 {
		return s.MaxDevicesPerSubAccount
	}
	return DefaultMaxDevicesPerSubAccount
}

// maxNewPerAddress is the hourly bound of new devices per source and sub-account; 0
// for none.
func (s *Store) maxNewPerAddress() int {
	switch {
	case s.MaxNewDevicesPerAddress > 0:
		return s.MaxNewDevicesPerAddress
	case s.MaxNewDevicesPerAddress < 0:
		return 0
	}
	return DefaultMaxNewDevicesPerAddress
}

func (s *Store) coins() *coin.Store { return &coin.Store{DB: s.DB} }

func (s *Store) accounts() *account.Store { return &account.Store{DB: s.DB} }

// SubAccount is a user's mining account (SPEC section 3 "Sub-account"); its code starts
// every worker name.
type SubAccount struct {
	ID          int64
	UserID      int64
	Code        string
	Alias       string
	DefaultCoin string
	// UniplusID is the Uniplus ID itself, known only in the answer of CreateSubAccount and
	// RegenerateUniplusID: the table keeps its SHA-256 (HashUniplusID), so it is "" in a
	// sub-account read back.
	UniplusID string
	// UniplusPrefix is the ID's first UniplusPrefixLen characters, kept in the clear so
	// the owner can tell IDs apart ("" for an ID migrated without one).
	UniplusPrefix string
	CreatedAt     int64
	UpdatedAt     int64
}

const subColumns = "s.id, s.user_id, s.code, s.alias, s.default_coin, s.uniplus_prefix, s.created_at, s.updated_at"

func scanSub(row interface{ Scan(...any) error }) (SubAccount, error) {
	var a SubAccount
	err := row.Scan(&a.ID, &a.UserID, &a.Code, &a.Alias, &a.DefaultCoin, &a.UniplusPrefix, &a.CreatedAt, &a.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return a, db.ErrNotFound
	}
	return a, err
}

// newUniplusID is "UP-" and 32 random bytes in hex.
func newUniplusID() string {
	b := make([]byte, uniplusRandBytes)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return UniplusIDPrefix + hex.EncodeToString(b)
}

// HashUniplusID is what sub_accounts keeps of a Uniplus ID (uniplus_hash, unique): the
// lower-case hex SHA-256 of its bytes, as sessions keep their tokens. The ID is 256
// random bits, so a plain hash (no salt, no slow hash) is enough to make a leaked table
// useless to a rig, and an agent call is authenticated by one indexed lookup of the hash.
// Migration 0020 hashes IDs stored before it the same way in SQL.
func HashUniplusID(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])
}

// uniplusPrefix is the part of id kept in the clear: "UP-" and its first 4 hex digits.
func uniplusPrefix(id string) string {
	if len(id) < UniplusPrefixLen {
		return id
	}
	return id[:UniplusPrefixLen]
}

// withNewUniplusID gives a a fresh Uniplus ID (and its prefix), and answers its hash.
func (a *SubAccount) withNewUniplusID() (hash string) {
	a.UniplusID = newUniplusID()
	a.UniplusPrefix = uniplusPrefix(a.UniplusID)
	return HashUniplusID(a.UniplusID)
}

// SubAccount answers the user's live sub-account with code, or db.ErrNotFound (also
// when it belongs to someone else).
func (s *Store) SubAccount(ctx context.Context, userID int64, code string) (SubAccount, error) {
	a, err := scanSub(s.DB.QueryRow(ctx, "SELECT "+subColumns+" FROM sub_accounts s WHERE s.code = ? AND s.user_id = ? AND s.deleted_at IS NULL",
		strings.ToLower(strings.TrimSpace(code)), userID))
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return a, fmt.Errorf("pool: sub-account %q: %w", code, err)
	}
	return a, err
}

// SubAccounts lists the user's live sub-accounts, oldest first.
func (s *Store) SubAccounts(ctx context.Context, userID int64) ([]SubAccount, error) {
	rows, err := s.DB.Query(ctx, "SELECT "+subColumns+" FROM sub_accounts s WHERE s.user_id = ? AND s.deleted_at IS NULL ORDER BY s.id", userID)
	if err != nil {
		return nil, fmt.Errorf("pool: sub-accounts of %d: %w", userID, err)
	}
	defer rows.Close()
	out := []SubAccount{}
	for rows.Next() {
		a, err := scanSub(rows)
		if err != nil {
			return nil, fmt.Errorf("pool: sub-accounts of %d: %w", userID, err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// owner is a live sub-account with its active owner's account type.
type owner struct {
	SubAccount
	AccountType string
}

// ownerBy answers the live sub-account whose column col is v, with its owner's account
// type; a sub-account of a user who is not active is db.ErrNotFound.
func (s *Store) ownerBy(ctx context.Context, col, v string) (owner, error) {
	a, err := scanSub(s.DB.QueryRow(ctx, "SELECT "+subColumns+" FROM sub_accounts s WHERE s."+col+" = ? AND s.deleted_at IS NULL", v))
	if errors.Is(err, db.ErrNotFound) {
		return owner{}, err
	}
	if err != nil {
		return owner{}, fmt.Errorf("pool: sub-account by %s: %w", col, err)
	}
	typ, err := s.accounts().AccountType(ctx, s.DB, a.UserID)
	if err != nil {
		return owner{}, err
	}
	return owner{SubAccount: a, AccountType: typ}, nil
}

// openCoin answers a coin that exists and is open, or a field error for field.
func (s *Store) openCoin(ctx context.Context, typ, field string) (coin.Coin, error) {
	typ = strings.TrimSpace(typ)
	if typ == "" {
		return coin.Coin{}, httpx.Required(field)
	}
	c, err := s.coins().Get(ctx, typ)
	if errors.Is(err, db.ErrNotFound) {
		return c, httpx.Warn("pool.coinNotFound", i18n.Params{"coin": typ})
	}
	if err != nil {
		return c, err
	}
	if !c.OpenStatus {
		return c, coinClosed(ctx, c)
	}
	return c, nil
}

// coinClosed is the closed coin's own message when it has one (SPEC section 4).
func coinClosed(ctx context.Context, c coin.Coin) error {
	if m := c.ClosedMessage(httpx.From(ctx).Lang); m != "" {
		return httpx.Warn("pool.coinClosedMsg", i18n.Params{"coin": c.Type, "message": m})
	}
	return httpx.Warn("pool.coinClosed", i18n.Params{"coin": c.Type})
}

// checkAlias trims and checks a sub-account's or device's alias. Control and bidi
// formatting characters get textcheck's message, which names what is wrong; other
// characters outside the alias rule pool.badAlias.
func checkAlias(alias string) (string, error) {
	alias = strings.TrimSpace(alias)
	if err := textcheck.Check("pool.field.alias", alias); err != nil {
		return "", err
	}
	switch {
	case alias == "":
		return "", httpx.Required("pool.field.alias")
	case utf8.RuneCountInString(alias) > MaxAlias:
		return "", httpx.TooLong("pool.field.alias", MaxAlias)
	case !validAlias(alias):
		return "", httpx.Warn("pool.badAlias", nil)
	}
	return alias, nil
}

// CreateSubAccount adds a sub-account for userID: the code is unique across the pool,
// the default coin exists and is open, and a user has at most MaxSubAccounts.
func (s *Store) CreateSubAccount(ctx context.Context, userID int64, code, alias, defaultCoin string) (SubAccount, error) {
	return s.createSubAccount(ctx, nil, userID, code, alias, defaultCoin)
}

// CreateSubAccountFor is CreateSubAccount done by an operator (`poold admin subaccount
// add`): the same rules, and its audit entry (subaccount.add; never the Uniplus ID) in the
// same transaction.
func (s *Store) CreateSubAccountFor(ctx context.Context, by audit.Actor, userID int64, code, alias, defaultCoin string) (SubAccount, error) {
	return s.createSubAccount(ctx, &by, userID, code, alias, defaultCoin)
}

func (s *Store) createSubAccount(ctx context.Context, by *audit.Actor, userID int64, code, alias, defaultCoin string) (SubAccount, error) {
	code = strings.TrimSpace(code)
	if err := textcheck.Check("pool.field.code", code); err != nil {
		return SubAccount{}, err
	}
	switch {
	case code == "":
		return SubAccount{}, httpx.Required("pool.field.code")
	case !ValidCode(code):
		return SubAccount{}, httpx.Warn("pool.badCode", nil)
	}
	alias, err := checkAlias(alias)
	if err != nil {
		return SubAccount{}, err
	}
	c, err := s.openCoin(ctx, defaultCoin, "pool.field.defaultCoin")
	if err != nil {
		return SubAccount{}, err
	}
	now := s.now().UnixMilli()
	a := SubAccount{UserID: userID, Code: code, Alias: alias, DefaultCoin: c.Type, CreatedAt: now, UpdatedAt: now}
	hash := a.withNewUniplusID()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		// Lock the user's row first, so two creates at once cannot both pass the count
		// (PostgreSQL holds the lock to commit; SQLite's BEGIN IMMEDIATE serialises them
		// already).
		if err := s.accounts().LockUser(ctx, tx, userID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM sub_accounts WHERE user_id = ? AND deleted_at IS NULL", userID).Scan(&n); err != nil {
			return err
		}
		if n >= MaxSubAccounts {
			return httpx.Warn("pool.tooManySubAccounts", i18n.Params{"max": fmt.Sprint(MaxSubAccounts)})
		}
		if err := tx.QueryRow(ctx, `INSERT INTO sub_accounts (user_id, code, alias, default_coin, uniplus_hash, uniplus_prefix, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, userID, a.Code, a.Alias, a.DefaultCoin, hash, a.UniplusPrefix, now, now).Scan(&a.ID); err != nil {
			return err
		}
		if by == nil {
			return nil
		}
		return audit.Record(ctx, tx, audit.Entry{At: time.UnixMilli(now), Actor: *by, Action: "subaccount.add", ObjectType: "subaccount",
			ObjectID: strconv.FormatInt(a.ID, 10), After: map[string]any{"userId": userID, "code": a.Code, "alias": a.Alias, "defaultCoin": a.DefaultCoin}})
	})
	if db.IsUniqueViolation(err) {
		return SubAccount{}, httpx.Warn("pool.codeTaken", nil)
	}
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) {
			return SubAccount{}, err
		}
		return SubAccount{}, fmt.Errorf("pool: create sub-account %q: %w", code, err)
	}
	return a, nil
}

// mustSub is the user's sub-account by code, or the 404 every stranger gets.
func (s *Store) mustSub(ctx context.Context, userID int64, code string) (SubAccount, error) {
	if strings.TrimSpace(code) == "" {
		return SubAccount{}, httpx.Required("pool.field.code")
	}
	a, err := s.SubAccount(ctx, userID, code)
	if errors.Is(err, db.ErrNotFound) {
		return a, httpx.NotFound("pool.subAccountNotFound")
	}
	return a, err
}

// ReadScope is a read's scope (the owner's account, or an observer link's coins and
// sub-accounts) narrowed to the sub-account with code when code is not empty, with that
// sub-account. A sub-account outside an observer's link, or unknown to it, answers code 5;
// unknown to the owner, not found.
func (s *Store) ReadScope(ctx context.Context, a scope.Access, code string) (scope.Scope, SubAccount, error) {
	if code = strings.TrimSpace(code); code == "" {
		return a.Scope, SubAccount{}, nil
	}
	sub, err := s.mustSub(ctx, a.UserID, code)
	if err != nil {
		if a.Observer {
			return a.Scope, sub, httpx.ObserverGone("")
		}
		return a.Scope, sub, err
	}
	narrow, ok := a.Narrow(sub.ID)
	if !ok {
		return a.Scope, sub, httpx.ObserverGone("")
	}
	return narrow, sub, nil
}

// RenameSubAccount sets the alias of the user's sub-account.
func (s *Store) RenameSubAccount(ctx context.Context, userID int64, code, alias string) (SubAccount, error) {
	alias, err := checkAlias(alias)
	if err != nil {
		return SubAccount{}, err
	}
	a, err := s.mustSub(ctx, userID, code)
	if err != nil {
		return a, err
	}
	a.Alias, a.UpdatedAt = alias, s.now().UnixMilli()
	if _, err := s.DB.Exec(ctx, "UPDATE sub_accounts SET alias = ?, updated_at = ? WHERE id = ?", a.Alias, a.UpdatedAt, a.ID); err != nil {
		return a, fmt.Errorf("pool: rename sub-account %d: %w", a.ID, err)
	}
	return a, nil
}

// ChangeDefaultCoin switches the sub-account's default coin to one that is open and
// allows it (currencyChangeFlag).
func (s *Store) ChangeDefaultCoin(ctx context.Context, userID int64, code, coinType string) (SubAccount, error) {
	a, err := s.mustSub(ctx, userID, code)
	if err != nil {
		return a, err
	}
	c, err := s.openCoin(ctx, coinType, "pool.field.coin")
	if err != nil {
		return a, err
	}
	if c.Type == a.DefaultCoin {
		return a, nil
	}
	if !c.CurrencyChangeFlag {
		return a, httpx.Warn("pool.coinNoChange", i18n.Params{"coin": c.Type})
	}
	a.DefaultCoin, a.UpdatedAt = c.Type, s.now().UnixMilli()
	if _, err := s.DB.Exec(ctx, "UPDATE sub_accounts SET default_coin = ?, updated_at = ? WHERE id = ?", a.DefaultCoin, a.UpdatedAt, a.ID); err != nil {
		return a, fmt.Errorf("pool: change coin of sub-account %d: %w", a.ID, err)
	}
	return a, nil
}

// DeleteSubAccount removes the user's sub-account when it holds no live devices (an
// offline one still counts: it may come back, and its shares would have nowhere to go).
// Its code stays taken (deleted_at), so a worker name never changes owner, and its
// Uniplus ID stops working at once.
func (s *Store) DeleteSubAccount(ctx context.Context, userID int64, code string) (SubAccount, error) {
	a, err := s.mustSub(ctx, userID, code)
	if err != nil {
		return a, err
	}
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		// The device count and the delete run under the sub-account's row lock, which
		// device creation takes too, so no first share slips a device in between.
		if _, err := tx.Exec(ctx, "UPDATE sub_accounts SET updated_at = updated_at WHERE id = ?", a.ID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM devices WHERE sub_account_id = ? AND removed_at IS NULL", a.ID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return httpx.Warn("pool.subAccountHasDevices", i18n.Params{"count": fmt.Sprint(n)})
		}
		if s.HoldsMoney != nil {
			money, err := s.HoldsMoney(ctx, tx, a.ID)
			if err != nil {
				return err
			}
			if money {
				return httpx.Warn("pool.subAccountHasMoney", nil)
			}
		}
		now := s.now().UnixMilli()
		_, err := tx.Exec(ctx, "UPDATE sub_accounts SET deleted_at = ?, updated_at = ? WHERE id = ?", now, now, a.ID)
		return err
	})
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) {
			return a, err
		}
		return a, fmt.Errorf("pool: delete sub-account %d: %w", a.ID, err)
	}
	return a, nil
}

// RegenerateUniplusID gives the sub-account a new Uniplus ID, answered in a.UniplusID
// (the only time it is known: only its hash is stored); the old one stops working at
// once.
func (s *Store) RegenerateUniplusID(ctx context.Context, userID int64, code string) (SubAccount, error) {
	a, err := s.mustSub(ctx, userID, code)
	if err != nil {
		return a, err
	}
	hash := a.withNewUniplusID()
	a.UpdatedAt = s.now().UnixMilli()
	if _, err := s.DB.Exec(ctx, "UPDATE sub_accounts SET uniplus_hash = ?, uniplus_prefix = ?, updated_at = ? WHERE id = ?",
		hash, a.UniplusPrefix, a.UpdatedAt, a.ID); err != nil {
		return a, fmt.Errorf("pool: regenerate uniplus id of %d: %w", a.ID, err)
	}
	return a, nil
}

// Device is a worker of a sub-account (SPEC section 3 "Device"). Times are Unix ms, 0
// for never; nil numbers are unknown (no agent report says them).
type Device struct {
	ID             int64
	SubAccountID   int64
	SubAccountCode string
	UserID         int64
	Coin           string
	Worker         string // the suffix; the full name is FullName()
	Alias          string
	Kind           string
	Bound          bool
	Burned         bool
	Status         string
	MinerRunning   *bool
	IntranetIP     string
	PublicIP       string
	Region         string
	MinerSoftware  string
	MinerVersion   string
	OS             string
	OSVersion      string
	DriverVersion  string
	CPUModel       string
	CPUTemp        *float64
	CPUUsage       *float64
	MemTotal       *int64
	MemUsed        *int64
	DiskTotal      *int64
	DiskUsed       *int64
	GPUs           []GPU
	RunningPool    string
	FirstSeenAt    int64
	LastSeenAt     int64
	LastShareAt    int64
	LastReportAt   int64
	OnlineSince    int64
	BoundAt        int64 // last binding; 0 while unbound
	RemovedAt      int64
	CreatedAt      int64
	UpdatedAt      int64
}

// FullName is the worker name the miner uses: "<code>.<suffix>".
func (d Device) FullName() string { return d.SubAccountCode + "." + d.Worker }

const deviceColumns = `d.id, d.sub_account_id, s.code, s.user_id, d.coin, d.worker, d.alias, d.kind, d.bound, d.burned, d.status,
	d.miner_running, d.intranet_ip, d.public_ip, d.region, d.miner_software, d.miner_version, d.os, d.os_version, d.driver_version,
	d.cpu_model, d.cpu_temp, d.cpu_usage, d.mem_total, d.mem_used, d.disk_total, d.disk_used, d.gpus, d.running_pool,
	d.first_seen_at, d.last_seen_at, COALESCE(d.last_share_at, 0), COALESCE(d.last_report_at, 0), COALESCE(d.online_since, 0),
	COALESCE(d.bound_at, 0), COALESCE(d.removed_at, 0), d.created_at, d.updated_at`

const deviceFrom = " FROM devices d JOIN sub_accounts s ON s.id = d.sub_account_id "

func scanDevice(row interface{ Scan(...any) error }) (Device, error) {
	var d Device
	var running sql.NullBool
	var cpuTemp, cpuUsage sql.NullFloat64
	var memTotal, memUsed, diskTotal, diskUsed sql.NullInt64
	var gpus string
	err := row.Scan(&d.ID, &d.SubAccountID, &d.SubAccountCode, &d.UserID, &d.Coin, &d.Worker, &d.Alias, &d.Kind, &d.Bound, &d.Burned,
		&d.Status, &running, &d.IntranetIP, &d.PublicIP, &d.Region, &d.MinerSoftware, &d.MinerVersion, &d.OS, &d.OSVersion,
		&d.DriverVersion, &d.CPUModel, &cpuTemp, &cpuUsage, &memTotal, &memUsed, &diskTotal, &diskUsed, &gpus, &d.RunningPool,
		&d.FirstSeenAt, &d.LastSeenAt, &d.LastShareAt, &d.LastReportAt, &d.OnlineSince, &d.BoundAt, &d.RemovedAt, &d.CreatedAt, &d.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return d, db.ErrNotFound
	}
	if err != nil {
		return d, err
	}
	if running.Valid {
		d.MinerRunning = &running.Bool
	}
	// Rows written before the text was cleaned on the way in hold a stranger's text as
	// it came; what is read is what would be written now.
	d.MinerSoftware, d.MinerVersion = CleanMinerSoftware(d.MinerSoftware), CleanMinerSoftware(d.MinerVersion)
	d.CPUTemp, d.CPUUsage = nullFloat(cpuTemp), nullFloat(cpuUsage)
	d.MemTotal, d.MemUsed, d.DiskTotal, d.DiskUsed = nullInt(memTotal), nullInt(memUsed), nullInt(diskTotal), nullInt(diskUsed)
	if err := json.Unmarshal([]byte(gpus), &d.GPUs); err != nil {
		return d, fmt.Errorf("device %d: gpus: %w", d.ID, err)
	}
	return d, nil
}

func nullFloat(v sql.NullFloat64) *float64 {
	if !v.Valid {
		return nil
	}
	return &v.Float64
}

func nullInt(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

// Device answers the user's live device id, or an httpx 404 (also for a stranger's).
func (s *Store) Device(ctx context.Context, userID, id int64) (Device, error) {
	d, err := scanDevice(s.DB.QueryRow(ctx, "SELECT "+deviceColumns+deviceFrom+
		"WHERE d.id = ? AND s.user_id = ? AND d.removed_at IS NULL AND s.deleted_at IS NULL", id, userID))
	if errors.Is(err, db.ErrNotFound) {
		return d, httpx.NotFound("pool.deviceNotFound")
	}
	if err != nil {
		return d, fmt.Errorf("pool: device %d: %w", id, err)
	}
	return d, nil
}

// liveDevice answers the live device of a sub-account for a suffix, or db.ErrNotFound.
func liveDevice(ctx context.Context, q db.Querier, subID int64, suffix string) (Device, error) {
	return scanDevice(q.QueryRow(ctx, "SELECT "+deviceColumns+deviceFrom+
		"WHERE d.sub_account_id = ? AND d.worker = ? AND d.removed_at IS NULL", subID, suffix))
}

// saveDevice writes every column a first share on a connection or a report can change
// (the row is locked and was read in the same transaction; later shares go through
// Touch).
func saveDevice(ctx context.Context, q db.Querier, d Device) error {
	gpus := d.GPUs
	if gpus == nil {
		gpus = []GPU{}
	}
	g, err := json.Marshal(gpus)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `UPDATE devices SET coin = ?, alias = ?, kind = ?, bound = ?, burned = ?, status = ?, miner_running = ?,
		intranet_ip = ?, public_ip = ?, region = ?, miner_software = ?, miner_version = ?, os = ?, os_version = ?, driver_version = ?,
		cpu_model = ?, cpu_temp = ?, cpu_usage = ?, mem_total = ?, mem_used = ?, disk_total = ?, disk_used = ?, gpus = ?, running_pool = ?,
		first_seen_at = ?, last_seen_at = ?, last_share_at = ?, last_report_at = ?, online_since = ?, updated_at = ?,
		bound_at = CASE WHEN ? THEN COALESCE(bound_at, ?) ELSE NULL END WHERE id = ?`,
		d.Coin, d.Alias, d.Kind, d.Bound, d.Burned, d.Status, d.MinerRunning,
		d.IntranetIP, d.PublicIP, d.Region, d.MinerSoftware, d.MinerVersion, d.OS, d.OSVersion, d.DriverVersion,
		d.CPUModel, d.CPUTemp, d.CPUUsage, d.MemTotal, d.MemUsed, d.DiskTotal, d.DiskUsed, string(g), d.RunningPool,
		d.FirstSeenAt, d.LastSeenAt, zeroNull(d.LastShareAt), zeroNull(d.LastReportAt), zeroNull(d.OnlineSince), d.UpdatedAt, d.Bound, d.UpdatedAt, d.ID)
	return err
}

func zeroNull(ms int64) any {
	if ms == 0 {
		return nil
	}
	return ms
}

// upsertDevice finds the live device of o for suffix, creating it (kind, bound by the
// rules) when missing and the sub-account is under its device cap and source (a stratum
// connection's sourceOf; "" for an agent report) under its bound of new devices, lets
// change edit it, applies the binding rule again and saves it, all in one transaction. A
// create that loses a race to another connection or process is retried and finds the
// winner's row (the unique index on a sub-account's live worker names).
func (s *Store) upsertDevice(ctx context.Context, o owner, c coin.Coin, suffix, kind, source string, now int64, change func(d *Device)) (Device, error) {
	var d Device
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = s.DB.InTx(ctx, func(tx *db.Tx) error {
			// Lock the row before reading it (a no-op write; SQLite has no FOR UPDATE), so a
			// report, a first share or a Touch at the same moment waits instead of being lost.
			if _, err := tx.Exec(ctx, "UPDATE devices SET updated_at = updated_at WHERE sub_account_id = ? AND worker = ? AND removed_at IS NULL",
				o.ID, suffix); err != nil {
				return err
			}
			cur, err := liveDevice(ctx, tx, o.ID, suffix)
			if errors.Is(err, db.ErrNotFound) {
				cur, err = s.createDevice(ctx, tx, o, c, suffix, kind, source, now)
			}
			if err != nil {
				return err
			}
			stampDevice(&cur, o, c, kind, now, change)
			d = cur
			return saveDevice(ctx, tx, cur)
		})
		if !db.IsUniqueViolation(err) {
			break
		}
	}
	if err != nil {
		return d, fmt.Errorf("pool: device %s.%s: %w", o.Code, suffix, err)
	}
	return d, nil
}

// stampDevice is what every write of a live device through upsertDevice does to the row
// it read: online again if it was offline, its kind once known, its coin, change, and
// the binding rule applied again.
func stampDevice(cur *Device, o owner, c coin.Coin, kind string, now int64, change func(d *Device)) {
	if cur.Status == StatusOffline || cur.OnlineSince == 0 {
		cur.OnlineSince = now
	}
	if cur.Kind == KindUnknown && kind != KindUnknown {
		cur.Kind = kind
	}
	cur.Coin = c.Type
	change(cur)
	// A device moved to a coin without binding, or found to be an ASIC under a normal
	// account, loses its binding; nothing here binds one.
	cur.Bound = cur.Bound && canBind(c.MachineBindFlag, cur.Kind, o.AccountType)
	cur.LastSeenAt, cur.UpdatedAt = now, now
}

// createDevice inserts the live device of o for suffix unless the sub-account has its
// cap of active devices already (ErrDeviceLimit) or source made its bound of new devices
// in the last NewDeviceWindow (ErrNewDeviceRate). The sub-account's row is locked first
// (a no-op write), so that new workers of one sub-account at the same moment, in any
// process, are counted one after the other; the worker is looked up again under that
// lock, since a create that held it before may have made this very device.
func (s *Store) createDevice(ctx context.Context, tx *db.Tx, o owner, c coin.Coin, suffix, kind, source string, now int64) (Device, error) {
	// The lock also sees a delete that committed since admit looked the owner up.
	res, err := tx.Exec(ctx, "UPDATE sub_accounts SET updated_at = updated_at WHERE id = ? AND deleted_at IS NULL", o.ID)
	if err != nil {
		return Device{}, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return Device{}, err
	} else if n == 0 {
		return Device{}, ErrUnknownSubAccount
	}
	if d, err := liveDevice(ctx, tx, o.ID, suffix); !errors.Is(err, db.ErrNotFound) {
		return d, err
	}
	active, err := activeDevices(ctx, tx, o.ID, now)
	if err != nil {
		return Device{}, err
	}
	made := 0
	if s.boundsSource(source) {
		if made, err = newDevicesFrom(ctx, tx, o.ID, source, now); err != nil {
			return Device{}, err
		}
	}
	if err := s.room(active, made, source); err != nil {
		return Device{}, err
	}
	bound := canBind(c.MachineBindFlag, kind, o.AccountType)
	var boundAt any
	if bound {
		boundAt = now
	}
	_, err = tx.Exec(ctx, `INSERT INTO devices (sub_account_id, coin, worker, kind, bound, status, first_seen_at,
		last_seen_at, online_since, created_at, updated_at, bound_at, created_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		o.ID, c.Type, suffix, kind, bound, StatusNormal, now, now, now, now, now, boundAt, source)
	if err != nil {
		return Device{}, err
	}
	return liveDevice(ctx, tx, o.ID, suffix)
}

// activeDevices counts sub's live devices with a sign of life within CapWindow of now:
// what its cap holds. A device quiet for longer still lists (offline, until removed) but
// leaves room: invented names one share each no longer lock the owner out for the 3 days
// before the sweep removes them.
func activeDevices(ctx context.Context, q db.Querier, sub, now int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM devices WHERE sub_account_id = ? AND removed_at IS NULL AND last_seen_at >= ?",
		sub, now-CapWindow.Milliseconds()).Scan(&n)
	return n, err
}

// newDevicesFrom counts the devices source made in sub within NewDeviceWindow of now,
// removed ones included (removing them gives a squatter no new room).
func newDevicesFrom(ctx context.Context, q db.Querier, sub int64, source string, now int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM devices WHERE sub_account_id = ? AND created_from = ? AND created_at >= ?",
		sub, source, now-NewDeviceWindow.Milliseconds()).Scan(&n)
	return n, err
}

// room answers whether a sub-account with active devices (activeDevices), made of
// which source made in the last NewDeviceWindow (newDevicesFrom), has room for one more
// new device from source: ErrDeviceLimit at its cap, ErrNewDeviceRate when source made
// its bound already.
func (s *Store) room(active, made int, source string) error {
	if active >= s.maxDevices() {
		return ErrDeviceLimit
	}
	if s.boundsSource(source) && made >= s.maxNewPerAddress() {
		return ErrNewDeviceRate
	}
	return nil
}

// boundsSource tells whether new devices from source are bounded (a stratum source, and a
// bound set).
func (s *Store) boundsSource(source string) bool { return source != "" && s.maxNewPerAddress() > 0 }

// sourceOf is what a stratum connection's new devices are counted by: its IPv4 address,
// or the /64 network of an IPv6 one (one subscriber's usual share: a squatter with a /64
// has 2^64 addresses to spend). An address that does not parse counts as itself.
func sourceOf(remoteAddr string) string {
	host := hostOf(remoteAddr)
	ip, err := netip.ParseAddr(host)
	if err != nil {
		if host == "" {
			return "?"
		}
		return clip(host, maxShortText)
	}
	ip = ip.WithZone("").Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// hostOf is the address part of "host:port" (or the whole when there is no port).
func hostOf(addr string) string {
	if h, _, err := net.SplitHostPort(addr); err == nil {
		return h
	}
	return addr
}

// admit checks a stratum worker name on coinType: well formed, a live sub-account of an
// active user, an open coin. Refusals are ErrBadWorkerName, ErrUnknownSubAccount and
// ErrCoinClosed.
func (s *Store) admit(ctx context.Context, coinType, workerName string) (owner, coin.Coin, string, error) {
	code, suffix, err := ParseWorkerName(workerName)
	if err != nil {
		return owner{}, coin.Coin{}, "", err
	}
	o, err := s.ownerBy(ctx, "code", code)
	if errors.Is(err, db.ErrNotFound) {
		return o, coin.Coin{}, "", ErrUnknownSubAccount
	}
	if err != nil {
		return o, coin.Coin{}, "", err
	}
	c, err := s.coins().Get(ctx, coinType)
	if errors.Is(err, db.ErrNotFound) || (err == nil && !c.OpenStatus) {
		return o, c, "", ErrCoinClosed
	}
	if err != nil {
		return o, c, "", err
	}
	return o, c, suffix, nil
}

// AuthorizeWorker admits a worker at stratum authorize: it only checks the name, the
// sub-account and the coin (refusals as admit's) and writes nothing. Anyone may mine to
// a sub-account, but an authorize alone must not add rows to it: the device comes with
// the worker's first accepted share (ShareDevice).
func (s *Store) AuthorizeWorker(ctx context.Context, coinType, workerName string) error {
	_, _, _, err := s.admit(ctx, coinType, workerName)
	return err
}

// ShareDevice answers the live device of "<code>.<suffix>" at the worker's first
// accepted share on a stratum connection, creating it when the worker has none (the
// only place a stratum worker becomes a device; idempotent, and one device however many
// connections do it at once), and records the connection: public address, miner
// software, coin, and the share itself (last_share_at, so the device is normal unless a
// fresh agent report says otherwise). Refusals are admit's, and ErrDeviceLimit for a new
// worker of a sub-account at its cap; a refusal writes nothing.
func (s *Store) ShareDevice(ctx context.Context, coinType, workerName, remoteAddr, minerSoftware string) (Device, error) {
	o, c, suffix, err := s.admit(ctx, coinType, workerName)
	if err != nil {
		return Device{}, err
	}
	software, _ := splitUserAgent(minerSoftware)
	now := s.now().UnixMilli()
	return s.upsertDevice(ctx, o, c, suffix, KindOf(software), sourceOf(remoteAddr), now, firstShare(remoteAddr, minerSoftware, now))
}

// firstShare is what a worker's first accepted share on a connection changes on its
// device: its last share, its status (normal, unless a fresh agent report says
// otherwise), the connection's public address and miner software.
func firstShare(remoteAddr, minerSoftware string, now int64) func(d *Device) {
	software, version := splitUserAgent(minerSoftware)
	return func(d *Device) {
		// A device an agent report made before any share was "first seen" then; its
		// first accepted share is when it began mining, which the pages show as first
		// seen and the hashrate's span starts from (MiningSpan).
		if d.LastShareAt == 0 {
			d.FirstSeenAt = now
		}
		d.LastShareAt = max(d.LastShareAt, now)
		d.Status = StatusNormal
		if reportSaysAbnormal(*d, now) {
			d.Status = StatusAbnormal
		}
		d.PublicIP = clip(hostOf(remoteAddr), maxShortText)
		if software != "" {
			d.MinerSoftware, d.MinerVersion = software, version
		}
	}
}

// reportSaysAbnormal tells whether d's latest agent report is fresh (within
// OfflineAfter of now) and says the miner is not running or a GPU is down.
func reportSaysAbnormal(d Device, now int64) bool {
	if d.LastReportAt == 0 || d.LastReportAt < now-OfflineAfter.Milliseconds() {
		return false
	}
	if d.MinerRunning == nil || !*d.MinerRunning {
		return true
	}
	for _, g := range d.GPUs {
		if g.Status == GPUDown {
			return true
		}
	}
	return false
}

// ApplyReport stores an agent report for the sub-account behind a Uniplus ID: the live
// device of the report's worker gets the report's telemetry and status, and is created
// when missing (its coin must then be open).
func (s *Store) ApplyReport(ctx context.Context, uniplusID string, r Report, clientAddr string) (Device, error) {
	o, err := s.agentOwner(ctx, uniplusID)
	if err != nil {
		return Device{}, err
	}
	return s.applyReport(ctx, o, r, clientAddr)
}

// agentOwner is the live sub-account of an active user behind a Uniplus ID; a malformed
// or unknown ID answers code 4.
func (s *Store) agentOwner(ctx context.Context, uniplusID string) (owner, error) {
	if !ValidUniplusID(uniplusID) {
		return owner{}, httpx.LoginRequired("pool.agentUnauthorized")
	}
	return s.agentOwnerByHash(ctx, HashUniplusID(uniplusID))
}

// agentOwnerByHash is agentOwner for an ID already hashed (HashUniplusID): one lookup on
// the unique index of uniplus_hash.
func (s *Store) agentOwnerByHash(ctx context.Context, hash string) (owner, error) {
	o, err := s.ownerBy(ctx, "uniplus_hash", hash)
	if errors.Is(err, db.ErrNotFound) {
		return o, httpx.LoginRequired("pool.agentUnauthorized")
	}
	return o, err
}

func (s *Store) applyReport(ctx context.Context, o owner, r Report, clientAddr string) (Device, error) {
	if code := r.Code(); code != "" && code != o.Code {
		return Device{}, httpx.Warn("pool.workerOtherSubAccount", nil)
	}
	c, err := s.coins().Get(ctx, r.Coin)
	if errors.Is(err, db.ErrNotFound) {
		return Device{}, httpx.Warn("pool.coinNotFound", i18n.Params{"coin": r.Coin})
	}
	if err != nil {
		return Device{}, err
	}
	if !c.OpenStatus {
		// Telemetry of a known device is still welcome; a new device needs an open coin.
		if _, err := liveDevice(ctx, s.DB, o.ID, r.Suffix()); errors.Is(err, db.ErrNotFound) {
			return Device{}, coinClosed(ctx, c)
		} else if err != nil {
			return Device{}, fmt.Errorf("pool: report: %w", err)
		}
	}
	kind := KindOf(r.Hardware.MinerSoftware)
	if len(r.GPUs) > 0 {
		kind = KindGPU
	}
	now := s.now().UnixMilli()
	d, err := s.upsertDevice(ctx, o, c, r.Suffix(), kind, "", now, func(d *Device) {
		h := r.Hardware
		// A healthy report is normal only while shares arrive: a rig that runs but sends
		// no accepted share (another pool, a wrong address) is abnormal.
		d.Status = r.Status()
		if d.Status == StatusNormal && d.LastShareAt < now-OfflineAfter.Milliseconds() {
			d.Status = StatusAbnormal
		}
		d.MinerRunning = h.MinerRunning
		d.Burned = h.Burned
		d.IntranetIP, d.PublicIP, d.Region = h.IntranetIP, clip(clientAddr, maxShortText), h.Region
		d.MinerSoftware, d.MinerVersion = CleanMinerSoftware(h.MinerSoftware), CleanMinerSoftware(h.MinerVersion)
		d.OS, d.OSVersion, d.DriverVersion = h.OS, h.OSVersion, h.DriverVersion
		d.CPUModel, d.CPUTemp, d.CPUUsage = h.CPUModel, h.CPUTemp, h.CPUUsage
		d.MemTotal, d.MemUsed, d.DiskTotal, d.DiskUsed = h.MemTotal, h.MemUsed, h.DiskTotal, h.DiskUsed
		d.RunningPool = h.RunningPool
		d.GPUs = r.GPUs
		d.LastReportAt = now
	})
	if errors.Is(err, ErrDeviceLimit) {
		return d, httpx.Warn("pool.tooManyDevices", i18n.Params{"max": fmt.Sprint(s.maxDevices())})
	}
	return d, err
}

// Touch marks devices that had accepted shares at at (the engine calls it on every
// flush): their last share and last sign of life. An offline device that still submits
// comes back as normal, and so does an abnormal one without a fresh agent report (a
// fresh report decides itself: the next one sees the shares). A removed device that
// still submits (its connection outlived the removal) is live again unless its name was
// taken meanwhile (revive).
func (s *Store) Touch(ctx context.Context, deviceIDs []int64, at time.Time) error {
	ms := at.UnixMilli()
	quiet := ms - OfflineAfter.Milliseconds()
	const update = `UPDATE devices SET
			last_share_at = CASE WHEN last_share_at IS NULL OR last_share_at < ? THEN ? ELSE last_share_at END,
			online_since = CASE WHEN status = ? THEN ? ELSE online_since END,
			status = CASE WHEN status = ? OR (status = ? AND (last_report_at IS NULL OR last_report_at < ?)) THEN ? ELSE status END,
			last_seen_at = CASE WHEN last_seen_at < ? THEN ? ELSE last_seen_at END
			WHERE removed_at IS NULL AND id IN `
	args := []any{ms, ms, StatusOffline, ms, StatusOffline, StatusAbnormal, quiet, StatusNormal, ms, ms}
	return db.InBatches(deviceIDs, func(ids []any) error {
		n, err := s.touchBatch(ctx, "touch", update, args, ids)
		// Every row matched (both databases count matched rows): none was removed, which is
		// every flush but the rare one; only then are removed ones looked for.
		if err != nil || n == int64(len(ids)) {
			return err
		}
		back, err := s.revive(ctx, ids, ms)
		if err != nil || len(back) == 0 {
			return err
		}
		_, err = s.touchBatch(ctx, "touch", update, args, back)
		return err
	})
}

// TouchRejected marks devices whose shares at at were all rejected or stale (the engine
// calls it on every flush for them): a sign of life that keeps the device from going
// offline, but not a normal one. Such a device is abnormal unless it has had an accepted
// share within OfflineAfter.
func (s *Store) TouchRejected(ctx context.Context, deviceIDs []int64, at time.Time) error {
	ms := at.UnixMilli()
	quiet := ms - OfflineAfter.Milliseconds()
	return s.touch(ctx, deviceIDs, "touch rejected", `UPDATE devices SET
			online_since = CASE WHEN status = ? THEN ? ELSE online_since END,
			status = CASE WHEN status = ? OR last_share_at IS NULL OR last_share_at < ? THEN ? ELSE status END,
			last_seen_at = CASE WHEN last_seen_at < ? THEN ? ELSE last_seen_at END
			WHERE removed_at IS NULL AND id IN `,
		StatusOffline, ms, StatusOffline, quiet, StatusAbnormal, ms, ms)
}

// touch runs update (which ends with "id IN ") with args for deviceIDs, 500 at a time.
func (s *Store) touch(ctx context.Context, deviceIDs []int64, what, update string, args ...any) error {
	return db.InBatches(deviceIDs, func(ids []any) error {
		_, err := s.touchBatch(ctx, what, update, args, ids)
		return err
	})
}

// touchBatch runs update (which ends with "id IN ") with args for ids, and answers the
// rows it matched.
func (s *Store) touchBatch(ctx context.Context, what, update string, args, ids []any) (int64, error) {
	res, err := s.DB.Exec(ctx, update+"("+db.Marks(len(ids))+")", append(append([]any{}, args...), ids...)...)
	if err != nil {
		return 0, fmt.Errorf("pool: %s %d devices: %w", what, len(ids), err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("pool: %s %d devices: %w", what, len(ids), err)
	}
	return n, nil
}

// SweepDevices moves device statuses on with the clock (the jobs role calls it): no
// share (accepted or not) or report for OfflineAfter makes a device offline; offline for
// RemoveAfter removes it, and a later accepted share under its name makes a new device.
// A normal device without an accepted share for OfflineAfter (alive only by rejected
// shares or reports) is abnormal; an abnormal device whose reports stopped while its
// accepted shares go on is normal again.
func (s *Store) SweepDevices(ctx context.Context, now time.Time) (offlined, removed int, err error) {
	ms := now.UnixMilli()
	quiet := ms - OfflineAfter.Milliseconds()
	// One transaction: a status change and the device event that observer messages read
	// from it are written together or not at all.
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := noteComebacks(ctx, tx, ms); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `UPDATE devices SET status = ?, online_since = NULL, updated_at = ?
			WHERE removed_at IS NULL AND status <> ? AND last_seen_at < ? RETURNING id`, StatusOffline, ms, StatusOffline, quiet)
		if err != nil {
			return fmt.Errorf("pool: sweep offline: %w", err)
		}
		ids, err := scanIDs(rows)
		if err != nil {
			return fmt.Errorf("pool: sweep offline: %w", err)
		}
		offlined = len(ids)
		if err := noteOffline(ctx, tx, ids, ms); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE devices SET removed_at = ?, updated_at = ?
			WHERE removed_at IS NULL AND status = ? AND last_seen_at < ?`, ms, ms, StatusOffline, quiet-RemoveAfter.Milliseconds())
		if err != nil {
			return fmt.Errorf("pool: sweep removed: %w", err)
		}
		n, _ := res.RowsAffected()
		removed = int(n)
		_, err = tx.Exec(ctx, `UPDATE devices SET status = ?, updated_at = ?
			WHERE removed_at IS NULL AND status = ? AND (last_share_at IS NULL OR last_share_at < ?)`,
			StatusAbnormal, ms, StatusNormal, quiet)
		if err != nil {
			return fmt.Errorf("pool: sweep without accepted shares: %w", err)
		}
		_, err = tx.Exec(ctx, `UPDATE devices SET status = ?, updated_at = ?
			WHERE removed_at IS NULL AND status = ? AND (last_report_at IS NULL OR last_report_at < ?) AND last_share_at >= ?`,
			StatusNormal, ms, StatusAbnormal, quiet, quiet)
		if err != nil {
			return fmt.Errorf("pool: sweep abnormal: %w", err)
		}
		return pruneEvents(ctx, tx, now)
	})
	if err != nil {
		return 0, 0, err
	}
	return offlined, removed, nil
}

// UnbindAllDevices unbinds every live device of the user's sub-accounts inside the
// caller's transaction (account.DeviceUnbinder: account-type change, cancellation).
func (s *Store) UnbindAllDevices(ctx context.Context, q db.Querier, userID int64) (int, error) {
	res, err := q.Exec(ctx, `UPDATE devices SET bound = ?, bound_at = NULL, updated_at = ? WHERE bound = ? AND removed_at IS NULL
		AND sub_account_id IN (SELECT id FROM sub_accounts WHERE user_id = ?)`, false, s.now().UnixMilli(), true, userID)
	if err != nil {
		return 0, fmt.Errorf("pool: unbind devices of %d: %w", userID, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

var _ account.DeviceUnbinder = (*Store)(nil)

// SetDeviceAlias names the user's device; an empty alias clears it.
func (s *Store) SetDeviceAlias(ctx context.Context, userID, id int64, alias string) (Device, error) {
	alias = strings.TrimSpace(alias)
	if alias != "" {
		var err error
		if alias, err = checkAlias(alias); err != nil {
			return Device{}, err
		}
	}
	d, err := s.Device(ctx, userID, id)
	if err != nil {
		return d, err
	}
	d.Alias, d.UpdatedAt = alias, s.now().UnixMilli()
	if _, err := s.DB.Exec(ctx, "UPDATE devices SET alias = ?, updated_at = ? WHERE id = ?", d.Alias, d.UpdatedAt, d.ID); err != nil {
		return d, fmt.Errorf("pool: alias of device %d: %w", id, err)
	}
	return d, nil
}

// SetDeviceBound binds or unbinds the user's device. Binding needs the coin's
// machineBindFlag, and an ASIC machine binds only under an ASIC account type.
func (s *Store) SetDeviceBound(ctx context.Context, u account.User, id int64, bound bool) (Device, error) {
	d, err := s.Device(ctx, u.ID, id)
	if err != nil {
		return d, err
	}
	c, err := s.coins().Get(ctx, d.Coin)
	if err != nil {
		return d, fmt.Errorf("pool: coin of device %d: %w", id, err)
	}
	if !c.MachineBindFlag {
		return d, httpx.Warn("pool.coinNoBind", i18n.Params{"coin": c.Type})
	}
	if bound && d.Kind == KindASIC && u.AccountType != account.TypeASIC {
		return d, httpx.Warn("pool.asicNeedsAsicAccount", nil)
	}
	if bound && !d.Bound {
		d.BoundAt = s.now().UnixMilli()
	} else if !bound {
		d.BoundAt = 0
	}
	d.Bound, d.UpdatedAt = bound, s.now().UnixMilli()
	if _, err := s.DB.Exec(ctx, "UPDATE devices SET bound = ?, bound_at = ?, updated_at = ? WHERE id = ?", d.Bound, zeroNull(d.BoundAt), d.UpdatedAt, d.ID); err != nil {
		return d, fmt.Errorf("pool: bind device %d: %w", id, err)
	}
	return d, nil
}

// DeviceFilter narrows the device list; zero values do not filter.
type DeviceFilter struct {
	Coin         string
	SubAccountID int64
	Status       string
	Bound        *bool
	Keyword      string // worker (full name), alias, intranet or public IP contain it
	Page         int    // from 1
	PageSize     int
	Sort         string // one of Sorts; empty is SortWorker
	Desc         bool
}

// The device list's sort keys (the sort query parameter).
const (
	SortWorker     = "worker"
	SortStatus     = "status"
	SortRealTime   = "realTimeHashRate"
	SortDay        = "dayHashRate"
	SortLastUpdate = "lastUpdateTime"
)

// Sorts lists the sort keys.
var Sorts = []string{SortWorker, SortStatus, SortRealTime, SortDay, SortLastUpdate}

// orderBy is the list's ORDER BY for f. Hashrates of different algorithms do not
// compare, so a hashrate sort groups by coin first (a no-op with a coin filter). The
// hashrate sorts read each device's sort keys (rt_diff: the real-time window; day_diff:
// the 24 whole hours rolled up last), which RefreshSortKeys keeps at most a minute old:
// summing every device's shares per request took 70-230 ms at 10,000 devices. Ties fall
// back to the worker name, then the id, so pages never overlap.
//
// Names sort by their bytes on both databases (SQLite's BINARY, PostgreSQL's "C"), so
// the two agree, and PostgreSQL does not pay for locale-aware comparisons of 10,000 names.
func (f DeviceFilter) orderBy(dialect db.Dialect) string {
	dir := " ASC"
	if f.Desc {
		dir = " DESC"
	}
	code, worker := "s.code", "d.worker"
	if dialect == db.Postgres {
		code, worker = `s.code COLLATE "C"`, `d.worker COLLATE "C"`
	}
	byName := code + ", " + worker + ", d.id"
	switch f.Sort {
	case SortStatus:
		return "CASE d.status WHEN 'normal' THEN 0 WHEN 'abnormal' THEN 1 ELSE 2 END" + dir + ", " + byName
	case SortLastUpdate:
		return "d.last_seen_at" + dir + ", " + byName
	case SortRealTime:
		return "d.coin, d.rt_diff" + dir + ", " + byName
	case SortDay:
		return "d.coin, d.day_diff" + dir + ", " + byName
	default:
		if f.Desc {
			return code + " DESC, " + worker + " DESC, d.id DESC"
		}
		return byName
	}
}

// where is the scope (the owner, and an observer link's sub-accounts and coins) and the
// filter as SQL conditions, and their arguments.
func (f DeviceFilter) where(sc scope.Scope) (string, []any) {
	in, args := sc.Where("s.user_id", "d.sub_account_id", "d.coin")
	w := "WHERE " + in + " AND s.deleted_at IS NULL AND d.removed_at IS NULL"
	if f.Coin != "" {
		w += " AND d.coin = ?"
		args = append(args, f.Coin)
	}
	if f.SubAccountID != 0 {
		w += " AND d.sub_account_id = ?"
		args = append(args, f.SubAccountID)
	}
	if f.Status != "" {
		w += " AND d.status = ?"
		args = append(args, f.Status)
	}
	if f.Bound != nil {
		w += " AND d.bound = ?"
		args = append(args, *f.Bound)
	}
	if f.Keyword != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(f.Keyword)) + "%"
		w += ` AND (LOWER(s.code || '.' || d.worker) LIKE ? ESCAPE '\' OR LOWER(d.alias) LIKE ? ESCAPE '\'
			OR d.intranet_ip LIKE ? ESCAPE '\' OR LOWER(d.public_ip) LIKE ? ESCAPE '\')`
		args = append(args, like, like, like, like)
	}
	return w, args
}

// ListDevices answers one page of the user's live devices, by sub-account and worker,
// and how many match in all.
func (s *Store) ListDevices(ctx context.Context, sc scope.Scope, f DeviceFilter) ([]Device, int, error) {
	w, args := f.where(sc)
	var total int
	if err := s.DB.QueryRow(ctx, "SELECT COUNT(*)"+deviceFrom+w, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("pool: count devices: %w", err)
	}
	if f.PageSize <= 0 {
		f.PageSize = PageSizes[0]
	}
	if f.Page <= 0 {
		f.Page = 1
	}
	rows, err := s.DB.Query(ctx, "SELECT "+deviceColumns+deviceFrom+w+" ORDER BY "+f.orderBy(s.DB.Dialect)+" LIMIT ? OFFSET ?",
		append(args, f.PageSize, (f.Page-1)*f.PageSize)...)
	if err != nil {
		return nil, 0, fmt.Errorf("pool: list devices: %w", err)
	}
	defer rows.Close()
	out := []Device{}
	for rows.Next() {
		d, err := scanDevice(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("pool: list devices: %w", err)
		}
		out = append(out, d)
	}
	return out, total, rows.Err()
}

// Counts are device counts by status and binding.
type Counts struct {
	Total    int `json:"total"`
	Normal   int `json:"normal"`
	Abnormal int `json:"abnormal"`
	Offline  int `json:"offline"`
	Bound    int `json:"bound"`
	Unbound  int `json:"unbound"`
}

// Online is every device that is not offline.
func (c Counts) Online() int { return c.Normal + c.Abnormal }

const countColumns = `COUNT(*), COALESCE(SUM(CASE WHEN d.status = 'normal' THEN 1 ELSE 0 END), 0),
	COALESCE(SUM(CASE WHEN d.status = 'abnormal' THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN d.status = 'offline' THEN 1 ELSE 0 END), 0),
	COALESCE(SUM(CASE WHEN d.bound THEN 1 ELSE 0 END), 0)`

// DeviceCounts counts the user's live devices matching f (paging and keyword aside).
func (s *Store) DeviceCounts(ctx context.Context, sc scope.Scope, f DeviceFilter) (Counts, error) {
	w, args := f.where(sc)
	var c Counts
	err := s.DB.QueryRow(ctx, "SELECT "+countColumns+deviceFrom+w, args...).Scan(&c.Total, &c.Normal, &c.Abnormal, &c.Offline, &c.Bound)
	if err != nil {
		return c, fmt.Errorf("pool: count devices: %w", err)
	}
	c.Unbound = c.Total - c.Bound
	return c, nil
}

// SubAccountCounts counts each of the user's sub-accounts' live devices, by sub-account id.
func (s *Store) SubAccountCounts(ctx context.Context, sc scope.Scope) (map[int64]Counts, error) {
	in, args := sc.Where("s.user_id", "d.sub_account_id", "d.coin")
	rows, err := s.DB.Query(ctx, "SELECT d.sub_account_id, "+countColumns+deviceFrom+
		"WHERE "+in+" AND s.deleted_at IS NULL AND d.removed_at IS NULL GROUP BY d.sub_account_id", args...)
	if err != nil {
		return nil, fmt.Errorf("pool: count devices by sub-account: %w", err)
	}
	defer rows.Close()
	out := map[int64]Counts{}
	for rows.Next() {
		var id int64
		var c Counts
		if err := rows.Scan(&id, &c.Total, &c.Normal, &c.Abnormal, &c.Offline, &c.Bound); err != nil {
			return nil, fmt.Errorf("pool: count devices by sub-account: %w", err)
		}
		c.Unbound = c.Total - c.Bound
		out[id] = c
	}
	return out, rows.Err()
}
