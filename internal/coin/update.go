package coin

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// Settings are a coin's settings as the operator console shows them and the audit log
// keeps them before and after a change. Amounts are in coins; the driver's settings (RPC
// addresses, wallets, credentials) are left out.
type Settings struct {
	Type        string            `json:"type"`
	Name        string            `json:"name"`
	Algorithm   string            `json:"algorithm"`
	Open        bool              `json:"open"`
	ClosedMsg   map[string]string `json:"closedMsg"`
	FeeBps      int               `json:"feeBps"` // in force today
	SettleModel string            `json:"settleModel"`
	SettleTime  string            `json:"settleTime"` // HH:MM, Beijing time
	PPSTxFees   bool              `json:"ppsTxFees"`  // in force today
	// Pending is a fee or PPS change and the first settlement day it applies to; null: none.
	Pending             *Terms `json:"pending"`
	MinWithdraw         string `json:"minWithdraw"`
	WithdrawFee         string `json:"withdrawFee"`
	WithdrawReviewAbove string `json:"withdrawReviewAbove"` // "0": no review
	DustFloor           string `json:"dustFloor"`           // the floor in force (0 set: the chain's)
	PayoutConfirmations int64  `json:"payoutConfirmations"`
	StratumPorts        []int  `json:"stratumPorts"`
	SoloPorts           []int  `json:"soloPorts"`
	SoloFeeBps          int    `json:"soloFeeBps"`
	// MinDifficulty is vardiff's floor for the coin's ports (driver setting
	// min_difficulty; 0: the stratum default), read when the stratum role starts.
	MinDifficulty float64  `json:"minDifficulty"`
	Driver        string   `json:"driver"`
	Flags         []string `json:"flags"` // currencyChange, machineBind, machineDetail, gpuOverclocking
}

// SettingsOf is c as the console shows it.
func SettingsOf(c Coin) Settings {
	f := func(v int64) string { return chain.FormatAmount(v, c.Decimals) }
	flags := []string{}
	for _, fl := range []struct {
		on   bool
		name string
	}{{c.CurrencyChangeFlag, "currencyChange"}, {c.MachineBindFlag, "machineBind"}, {c.MachineDetailFlag, "machineDetail"},
		{c.GPUOverclockingFlag, "gpuOverclocking"}} {
		if fl.on {
			flags = append(flags, fl.name)
		}
	}
	closed := maps.Clone(c.ClosedMsg)
	if closed == nil {
		closed = map[string]string{}
	}
	return Settings{Type: c.Type, Name: c.Name, Algorithm: c.Algorithm, Open: c.OpenStatus, ClosedMsg: closed, FeeBps: c.FeeBps,
		SettleModel: c.SettleModel, SettleTime: c.SettleTime, PPSTxFees: c.PPSTxFees, Pending: c.Pending, MinWithdraw: f(c.MinWithdraw),
		WithdrawFee: f(c.WithdrawFee), WithdrawReviewAbove: f(c.WithdrawReviewAbove), DustFloor: f(c.Dust()),
		PayoutConfirmations: c.Confirmations(), StratumPorts: append([]int{}, c.StratumPorts...), SoloPorts: append([]int{}, c.SoloPorts...),
		SoloFeeBps: c.SoloFeeBps, MinDifficulty: c.MinDifficulty(), Driver: c.Driver, Flags: flags}
}

// Change is an operator's change of a coin's settings: nil fields stay. Amounts are in
// minor units. It is what the console edits; coin set edits any field with its flags.
type Change struct {
	Open                *bool
	ClosedMsg           map[string]string // replaces every language's message when not nil
	FeeBps              *int
	PPSTxFees           *bool
	MinWithdraw         *int64
	WithdrawFee         *int64
	WithdrawReviewAbove *int64
	DustFloor           *int64
	PayoutConfirmations *int
	StratumPorts        *[]int
	SoloPorts           *[]int
	SoloFeeBps          *int
	// MinDifficulty sets vardiff's floor (driver setting min_difficulty); 0 removes it.
	MinDifficulty *float64
}

// Apply makes the change on c.
func (ch Change) Apply(c *Coin) error {
	set := func(dst *int64, v *int64) {
		if v != nil {
			*dst = *v
		}
	}
	if ch.Open != nil {
		c.OpenStatus = *ch.Open
	}
	if ch.ClosedMsg != nil {
		c.ClosedMsg = maps.Clone(ch.ClosedMsg)
	}
	if ch.FeeBps != nil {
		c.FeeBps = *ch.FeeBps
	}
	if ch.PPSTxFees != nil {
		c.PPSTxFees = *ch.PPSTxFees
	}
	set(&c.MinWithdraw, ch.MinWithdraw)
	set(&c.WithdrawFee, ch.WithdrawFee)
	set(&c.WithdrawReviewAbove, ch.WithdrawReviewAbove)
	set(&c.DustFloor, ch.DustFloor)
	if ch.PayoutConfirmations != nil {
		c.PayoutConfirmations = *ch.PayoutConfirmations
	}
	if ch.StratumPorts != nil {
		c.StratumPorts = slices.Clone(*ch.StratumPorts)
	}
	if ch.SoloPorts != nil {
		c.SoloPorts = slices.Clone(*ch.SoloPorts)
	}
	if ch.SoloFeeBps != nil {
		c.SoloFeeBps = *ch.SoloFeeBps
	}
	if ch.MinDifficulty != nil {
		if c.DriverConfig == nil {
			c.DriverConfig = map[string]string{}
		}
		if *ch.MinDifficulty == 0 {
			delete(c.DriverConfig, minDifficultyKey)
		} else {
			c.DriverConfig[minDifficultyKey] = strconv.FormatFloat(*ch.MinDifficulty, 'g', -1, 64)
		}
	}
	return nil
}

// minDifficultyKey is the driver setting of vardiff's floor (app.minDifficulty reads it).
const minDifficultyKey = "min_difficulty"

// MinDifficulty is vardiff's floor the coin sets (driver setting min_difficulty); 0: none.
func (c Coin) MinDifficulty() float64 {
	v, err := strconv.ParseFloat(c.DriverConfig[minDifficultyKey], 64)
	if err != nil || v <= 0 || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// ActionAdd is the audit log's action of Add.
const ActionAdd = "coin.add"

// Add stores a new coin for an operator (by), the reason optional: a coin that exists or
// a port another coin listens on is refused, and the coin and its audit entry (coin.add,
// coin:TYPE, after) are written in one transaction.
func (s *Store) Add(ctx context.Context, by audit.Actor, c Coin, reason string) error {
	if strings.TrimSpace(reason) != "" {
		var err error
		if reason, err = account.CheckAdminReason(reason); err != nil {
			return err
		}
	}
	c.Pending = nil
	if err := c.Validate(); err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := lockCoins(ctx, tx); err != nil {
			return err
		}
		today := DayOf(s.now())
		others, err := list(ctx, tx, today)
		if err != nil {
			return err
		}
		for _, o := range others {
			if o.Type == c.Type {
				return fmt.Errorf("coin %s exists; use coin set", c.Type)
			}
			for _, p := range c.ports() {
				if slices.Contains(o.ports(), p) {
					return updateErr(409, "coin.update.portInUse", i18n.Params{"port": strconv.Itoa(p), "coin": o.Type}, "ports")
				}
			}
		}
		if err := put(ctx, tx, c); err != nil {
			return err
		}
		after, err := get(ctx, tx, c.Type, today)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{Actor: by, Action: ActionAdd, ObjectType: "coin", ObjectID: c.Type,
			Reason: reason, After: SettingsOf(after)})
	})
}

// lockCoins makes two changes of the coins at once wait for each other on PostgreSQL
// (readers do not), so that both cannot take one free port; SQLite's write lock at BEGIN
// does the same.
func lockCoins(ctx context.Context, tx *db.Tx) error {
	if db.DialectOf(tx) != db.Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, "LOCK TABLE coins IN SHARE ROW EXCLUSIVE MODE")
	return err
}

// Updated is what Update did.
type Updated struct {
	Coin Coin
	// TermsFrom is the first settlement day a fee or PPS change applies to; "" when
	// neither changed.
	TermsFrom string
}

// ActionUpdate is the audit log's action of Update.
const ActionUpdate = "coin.update"

// Update changes coin typ by change, for an operator of the console or the command line
// (by), with a reason: every field is checked (UpdateError codes), a stratum or solo port
// another coin listens on is refused, and the coin and its audit entry (coin.update,
// coin:TYPE, before and after) are written in one transaction; a refusal changes nothing.
//
// A change of the fee or of the PPS setting applies from the next settlement day: the
// shares of today were mined at today's terms and are paid at them (coin_terms, which the
// flush of accruals and the stratum role's TermsClock read). change starts from the newest
// terms, a pending change included.
func (s *Store) Update(ctx context.Context, by audit.Actor, typ string, change func(*Coin) error, reason string) (Updated, error) {
	reason, err := account.CheckAdminReason(reason)
	if err != nil {
		return Updated{}, err
	}
	now := s.now()
	today := DayOf(now)
	var res Updated
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := lockCoins(ctx, tx); err != nil {
			return err
		}
		before, err := get(ctx, tx, typ, today)
		if errors.Is(err, db.ErrNotFound) {
			return updateErr(404, "coin.unknown", i18n.Params{"coin": typ}, "")
		}
		if err != nil {
			return err
		}
		start := clone(before)
		if before.Pending != nil {
			start.FeeBps, start.PPSTxFees = before.Pending.FeeBps, before.Pending.PPSTxFees
		}
		start.Pending = nil
		edit := clone(start)
		if err := change(&edit); err != nil {
			return err
		}
		edit.Type, edit.Pending, edit.CreatedAt, edit.UpdatedAt = start.Type, nil, start.CreatedAt, start.UpdatedAt
		if err := checkUpdate(edit); err != nil {
			return err
		}
		if reflect.DeepEqual(normal(edit), normal(start)) {
			return updateErr(409, "coin.update.unchanged", nil, "")
		}
		others, err := list(ctx, tx, today)
		if err != nil {
			return err
		}
		for _, o := range others {
			if o.Type == edit.Type {
				continue
			}
			for _, p := range edit.ports() {
				if slices.Contains(o.ports(), p) {
					return updateErr(409, "coin.update.portInUse", i18n.Params{"port": strconv.Itoa(p), "coin": o.Type}, "ports")
				}
			}
		}
		if err := put(ctx, tx, edit); err != nil {
			return err
		}
		if edit.FeeBps != start.FeeBps || edit.PPSTxFees != start.PPSTxFees {
			sched, err := Schedules(ctx, tx, typ)
			if err != nil {
				return err
			}
			if len(sched[typ]) == 0 {
				// The terms until now, which the coins row held: today keeps them.
				if _, err := tx.Exec(ctx, "INSERT INTO coin_terms (coin, from_day, fee_bps, pps_tx_fees, set_at) VALUES (?, '', ?, ?, ?)",
					typ, before.FeeBps, before.PPSTxFees, now.UnixMilli()); err != nil {
					return err
				}
			}
			res.TermsFrom = NextDay(today)
			if _, err := tx.Exec(ctx, `INSERT INTO coin_terms (coin, from_day, fee_bps, pps_tx_fees, set_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (coin, from_day) DO UPDATE SET fee_bps = excluded.fee_bps, pps_tx_fees = excluded.pps_tx_fees, set_at = excluded.set_at`,
				typ, res.TermsFrom, edit.FeeBps, edit.PPSTxFees, now.UnixMilli()); err != nil {
				return err
			}
		}
		after, err := get(ctx, tx, typ, today)
		if err != nil {
			return err
		}
		res.Coin = after
		return audit.Record(ctx, tx, audit.Entry{At: now, Actor: by, Action: ActionUpdate, ObjectType: "coin", ObjectID: typ,
			Reason: reason, Before: SettingsOf(before), After: SettingsOf(after)})
	})
	if err != nil {
		return Updated{}, err
	}
	return res, nil
}

func (c Coin) ports() []int { return append(slices.Clone(c.StratumPorts), c.SoloPorts...) }

// clone copies c's maps and slices, so that a change of the copy leaves c.
func clone(c Coin) Coin {
	c.ClosedMsg, c.DriverConfig = maps.Clone(c.ClosedMsg), maps.Clone(c.DriverConfig)
	c.StratumPorts, c.SoloPorts = slices.Clone(c.StratumPorts), slices.Clone(c.SoloPorts)
	return c
}

// normal is c with empty maps and slices alike, to tell whether a change changed anything.
func normal(c Coin) Coin {
	if len(c.ClosedMsg) == 0 {
		c.ClosedMsg = nil
	}
	if len(c.DriverConfig) == 0 {
		c.DriverConfig = nil
	}
	if len(c.StratumPorts) == 0 {
		c.StratumPorts = nil
	}
	if len(c.SoloPorts) == 0 {
		c.SoloPorts = nil
	}
	return c
}

// UpdateError is a refused change: the message in the caller's language, and data.error
// (the message key) and data.field (the setting at fault, when one is) for a client.
func updateErr(status int, key string, params i18n.Params, field string) *httpx.Error {
	data := map[string]string{"error": key}
	if field != "" {
		data["field"] = field
	}
	return &httpx.Error{Code: httpx.CodeWarning, Status: status, Key: key, Params: params, Data: data}
}

// checkUpdate checks the settings an operator edits, each with its own code, then the
// whole coin (Validate) for what no code names.
func checkUpdate(c Coin) error {
	if c.FeeBps < 0 || c.FeeBps > 10000 {
		return updateErr(400, "coin.update.feeRange", i18n.Params{"field": "feeBps"}, "feeBps")
	}
	if c.SoloFeeBps < 0 || c.SoloFeeBps > 10000 {
		return updateErr(400, "coin.update.feeRange", i18n.Params{"field": "soloFeeBps"}, "soloFeeBps")
	}
	for _, a := range []struct {
		field string
		v     int64
	}{{"minWithdraw", c.MinWithdraw}, {"withdrawFee", c.WithdrawFee}, {"withdrawReviewAbove", c.WithdrawReviewAbove}, {"dustFloor", c.DustFloor}} {
		if a.v < 0 {
			return updateErr(400, "coin.update.negative", i18n.Params{"field": a.field}, a.field)
		}
	}
	if c.MinWithdraw > 0 && c.WithdrawFee >= c.MinWithdraw {
		return updateErr(400, "coin.update.feeNotBelowMinimum", nil, "withdrawFee")
	}
	// A floor of 2^32 hashes times 1e9 is beyond any rig; a NaN or a negative one means nothing.
	if v, ok := c.DriverConfig[minDifficultyKey]; ok {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f > 0) || f > 1e9 {
			return updateErr(400, "coin.update.minDifficultyRange", nil, "minDifficulty")
		}
	}
	if c.PayoutConfirmations < 0 || c.PayoutConfirmations > 1000 {
		return updateErr(400, "coin.update.confirmationsRange", nil, "payoutConfirmations")
	}
	seen := map[int]bool{}
	for _, p := range c.ports() {
		if p < 1 || p > 65535 {
			return updateErr(400, "coin.update.portRange", i18n.Params{"port": strconv.Itoa(p)}, "ports")
		}
		if seen[p] {
			return updateErr(400, "coin.update.portTwice", i18n.Params{"port": strconv.Itoa(p)}, "ports")
		}
		seen[p] = true
	}
	if (c.Driver == DriverIronFish || c.Driver == DriverKaspad) && len(c.SoloPorts) > 0 {
		return updateErr(400, "coin.update.noSolo", i18n.Params{"driver": c.Driver}, "soloPorts")
	}
	for lang, m := range c.ClosedMsg {
		if !i18n.Supported(lang) {
			return updateErr(400, "coin.update.closedLanguage", i18n.Params{"lang": lang}, "closedMsg")
		}
		if !textcheck.Safe(m) {
			return updateErr(400, "coin.update.closedUnsafe", nil, "closedMsg")
		}
		if len([]rune(m)) > MaxClosedMsg {
			return updateErr(400, "coin.update.closedTooLong", i18n.Params{"max": strconv.Itoa(MaxClosedMsg)}, "closedMsg")
		}
	}
	if err := c.Validate(); err != nil {
		return updateErr(400, "coin.update.invalid", i18n.Params{"detail": err.Error()}, "")
	}
	return nil
}

// MaxClosedMsg bounds a closed message, in characters.
const MaxClosedMsg = 500
