// Package coin owns the coins the pool mines: their display fields, capability flags, fee,
// settlement, withdrawal limits, stratum ports and the chain driver that serves each.
package coin

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// Drivers that can serve a coin (DESIGN.md "Chains").
const (
	DriverBitcoind = "bitcoind"
	DriverDevnet   = "devnet"
	// DriverIronFish is an IronFish full node over its TCP RPC; DriverKaspad is kaspad over
	// wRPC JSON. Their nodes build whole blocks, and their stratum ports speak the coins'
	// own dialects (docs/chains/).
	DriverIronFish = "ironfish"
	DriverKaspad   = "kaspad"
)

// Algorithms the pool validates shares for.
var Algorithms = []string{"sha256d", "scrypt", "aleo", "blake3", "kheavyhash"}

// SettleModelPPS is the only settlement model: pay per share (DESIGN.md "Earnings").
const SettleModelPPS = "PPS"

// Coin is one coin the pool knows.
type Coin struct {
	Type                string            // code shown everywhere, e.g. "BTC"
	Name                string            // e.g. "Bitcoin"
	AliasName           string            // short display name
	Algorithm           string            // sha256d, scrypt, ...
	ChainUnit           string            // unit of amounts, e.g. "BTC"
	MinHashUnit         string            // smallest hashrate unit shown, e.g. "TH/s"
	Decimals            int               // minor units per unit = 10^Decimals
	IconURL, LogoURL    string            // images
	CurrencyChangeFlag  bool              // sub-accounts may switch to this coin
	MachineBindFlag     bool              // devices can be bound under this coin
	MachineDetailFlag   bool              // device detail pages exist for this coin
	GPUOverclockingFlag bool              // overclock templates apply
	OpenStatus          bool              // open for mining
	ClosedMsg           map[string]string // per language, shown when closed
	FeeBps              int               // pool fee in basis points (100 = 1%), in force today (coin_terms)
	SettleModel         string            // PPS
	SettleTime          string            // HH:MM, Beijing time
	PPSTxFees           bool              // a share earns from subsidy and fees, not the subsidy alone (in force today)
	// Pending is a change of the fee or PPS setting that applies from a later settlement
	// day (Update), nil when none: FeeBps and PPSTxFees are today's.
	Pending             *Terms
	MinWithdraw         int64 // minor units
	WithdrawFee         int64 // minor units
	PayoutConfirmations int   // confirmations before a payout counts as paid (0: DefaultPayoutConfirmations)
	WithdrawReviewAbove int64 // withdrawals above this wait for an operator (0: none)
	DustFloor           int64 // smallest amount a withdrawal may deliver, minor units (0: the default, see Dust)
	StratumPorts        []int // one listener per port
	// SoloPorts are the coin's solo listeners (docs/solo.md): the worker name is the
	// miner's address and a block pays it, less SoloFeeBps to the pool.
	SoloPorts    []int
	SoloFeeBps   int
	TutorialURL  string            // "" shows the "not online yet" warning
	Driver       string            // bitcoind, ironfish, kaspad or devnet
	DriverConfig map[string]string // driver settings (RPC URL, wallet, ...)
	SortOrder    int
	CreatedAt    int64
	UpdatedAt    int64
}

// ClosedMessage is the closed message in lang, falling back to en_US, then any.
func (c Coin) ClosedMessage(lang string) string {
	if m := c.ClosedMsg[lang]; m != "" {
		return m
	}
	if m := c.ClosedMsg["en_US"]; m != "" {
		return m
	}
	for _, l := range i18n.Languages {
		if m := c.ClosedMsg[l]; m != "" {
			return m
		}
	}
	return ""
}

// DefaultPayoutConfirmations is how many confirmations a payout needs when the coin does
// not say.
const DefaultPayoutConfirmations = 6

// Confirmations is how many confirmations make a payout paid.
func (c Coin) Confirmations() int64 {
	if c.PayoutConfirmations > 0 {
		return int64(c.PayoutConfirmations)
	}
	return DefaultPayoutConfirmations
}

// defaultDust is the smallest output the nodes of each chain relay with their default
// policy, in minor units: the dust limit of a pay-to-public-key-hash output, the largest
// of the usual kinds (Bitcoin Core's 3 sat/vB dust fee gives 546; Litecoin Core 0.21's
// 30 litoshi/vB gives 5460, as litecoind regtest refuses 5459 and pays 5460; Dogecoin
// Core's soft dust limit is 0.01 DOGE). A node refuses a payout that holds a smaller
// output, and every withdrawal batched with it would wait.
var defaultDust = map[string]int64{"BTC": 546, "BCH": 546, "LTC": 5460, "DOGE": 1_000_000}

// Dust is the smallest amount a withdrawal of this coin may deliver after its fee: the
// coin's dust_floor, or when that is 0 the default of its chain (defaultDust), else 546
// of Bitcoin's units scaled to the coin's decimals (at least 1).
func (c Coin) Dust() int64 {
	if c.DustFloor > 0 {
		return c.DustFloor
	}
	if v, ok := defaultDust[c.Type]; ok {
		return v
	}
	v := int64(546)
	for d := 8; d < c.Decimals; d++ {
		v *= 10
	}
	for d := c.Decimals; d < 8 && v > 1; d++ {
		v = (v + 9) / 10 // rounded up: a floor rounded down could let dust through
	}
	return v
}

// FeeRate is the fee as a fraction, as the API shows it.
func (c Coin) FeeRate() float64 { return float64(c.FeeBps) / 10000 }

var (
	typePattern   = regexp.MustCompile(`^[A-Z0-9]{2,10}$`)
	settlePattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)
)

// Validate checks a coin before it is stored; every problem gets its own line.
func (c Coin) Validate() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if !typePattern.MatchString(c.Type) {
		bad("type %q must be 2-10 capital letters or digits", c.Type)
	}
	if strings.TrimSpace(c.Name) == "" {
		bad("name is required")
	}
	if !slices.Contains(Algorithms, c.Algorithm) {
		bad("algorithm %q is not one of %s", c.Algorithm, strings.Join(Algorithms, ", "))
	}
	if strings.TrimSpace(c.ChainUnit) == "" {
		bad("chain unit is required")
	}
	if c.Decimals < 0 || c.Decimals > 18 {
		bad("decimals %d must be 0-18", c.Decimals)
	}
	if c.FeeBps < 0 || c.FeeBps > 10000 {
		bad("fee %d bps must be 0-10000", c.FeeBps)
	}
	if c.SettleModel != SettleModelPPS {
		bad("settle model %q: only PPS is supported", c.SettleModel)
	}
	if !settlePattern.MatchString(c.SettleTime) {
		bad("settle time %q must be HH:MM (Beijing time)", c.SettleTime)
	}
	if c.PayoutConfirmations < 0 || c.PayoutConfirmations > 1000 {
		bad("payout confirmations %d must be 0 (the default, %d) to 1000", c.PayoutConfirmations, DefaultPayoutConfirmations)
	}
	if c.WithdrawReviewAbove < 0 {
		bad("withdrawal review threshold must not be negative")
	}
	if c.MinWithdraw < 0 || c.WithdrawFee < 0 || c.DustFloor < 0 {
		bad("withdrawal minimum, fee and dust floor must not be negative")
	}
	if c.MinWithdraw > 0 && c.WithdrawFee >= c.MinWithdraw {
		bad("withdrawal fee %d must be below the minimum %d", c.WithdrawFee, c.MinWithdraw)
	}
	seen := map[int]bool{}
	for _, p := range append(slices.Clone(c.StratumPorts), c.SoloPorts...) {
		if p < 1 || p > 65535 {
			bad("stratum port %d out of range", p)
		}
		if seen[p] {
			bad("stratum port %d listed twice", p)
		}
		seen[p] = true
	}
	if c.SoloFeeBps < 0 || c.SoloFeeBps > 10000 {
		bad("solo fee %d bps must be 0-10000", c.SoloFeeBps)
	}
	for _, u := range []struct{ name, v string }{{"icon", c.IconURL}, {"logo", c.LogoURL}, {"tutorial", c.TutorialURL}} {
		if u.v != "" && !strings.HasPrefix(u.v, "/") {
			if p, err := url.Parse(u.v); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
				bad("%s URL %q must be http(s) or a path on this site", u.name, u.v)
			}
		}
	}
	switch c.Driver {
	case DriverBitcoind:
		if c.DriverConfig["rpc_url"] == "" {
			bad("driver bitcoind needs driver config rpc_url")
		}
	case DriverIronFish:
		if c.DriverConfig["rpc_addr"] == "" {
			bad("driver ironfish needs driver config rpc_addr (the node's TCP RPC, host:port)")
		}
	case DriverKaspad:
		if c.DriverConfig["wrpc_url"] == "" || c.DriverConfig["payout_address"] == "" {
			bad("driver kaspad needs driver config wrpc_url (ws://host:port) and payout_address")
		}
	case DriverDevnet:
	default:
		bad("driver %q must be bitcoind, ironfish, kaspad or devnet", c.Driver)
	}
	if (c.Driver == DriverIronFish || c.Driver == DriverKaspad) && len(c.SoloPorts) > 0 {
		// The node builds the block and pays its own wallet: a block cannot pay a solo
		// miner's address (docs/solo.md).
		bad("driver %s has no solo ports: its node builds the whole block and pays its own wallet", c.Driver)
	}
	for lang := range c.ClosedMsg {
		if !i18n.Supported(lang) {
			bad("closed message language %q is not one of %s", lang, strings.Join(i18n.Languages, ", "))
		}
	}
	return errors.Join(errs...)
}

// Store is the coins table.
type Store struct {
	DB *db.DB
	// Now is the clock (which day's terms are in force); nil is time.Now.
	Now func() time.Time
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

const columns = `type, name, alias_name, algorithm, chain_unit, min_hash_unit, decimals, icon_url, logo_url,
	currency_change_flag, machine_bind_flag, machine_detail_flag, gpu_overclocking_flag, open_status, closed_msg,
	fee_bps, settle_model, settle_time, min_withdraw, withdraw_fee, stratum_ports, tutorial_url, driver, driver_config,
	sort_order, created_at, updated_at, pps_tx_fees, payout_confirmations, withdraw_review_above, solo_ports, solo_fee_bps, dust_floor`

func scan(row interface{ Scan(...any) error }) (Coin, error) {
	var c Coin
	var closed, ports, soloPorts, cfg string
	err := row.Scan(&c.Type, &c.Name, &c.AliasName, &c.Algorithm, &c.ChainUnit, &c.MinHashUnit, &c.Decimals, &c.IconURL, &c.LogoURL,
		&c.CurrencyChangeFlag, &c.MachineBindFlag, &c.MachineDetailFlag, &c.GPUOverclockingFlag, &c.OpenStatus, &closed,
		&c.FeeBps, &c.SettleModel, &c.SettleTime, &c.MinWithdraw, &c.WithdrawFee, &ports, &c.TutorialURL, &c.Driver, &cfg,
		&c.SortOrder, &c.CreatedAt, &c.UpdatedAt, &c.PPSTxFees, &c.PayoutConfirmations, &c.WithdrawReviewAbove, &soloPorts, &c.SoloFeeBps, &c.DustFloor)
	if errors.Is(err, sql.ErrNoRows) {
		return c, db.ErrNotFound
	}
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal([]byte(closed), &c.ClosedMsg); err != nil {
		return c, fmt.Errorf("coin %s: closed_msg: %w", c.Type, err)
	}
	if err := json.Unmarshal([]byte(cfg), &c.DriverConfig); err != nil {
		return c, fmt.Errorf("coin %s: driver_config: %w", c.Type, err)
	}
	if c.StratumPorts, err = parsePorts(ports); err != nil {
		return c, fmt.Errorf("coin %s: stratum_ports: %w", c.Type, err)
	}
	if c.SoloPorts, err = parsePorts(soloPorts); err != nil {
		return c, fmt.Errorf("coin %s: solo_ports: %w", c.Type, err)
	}
	return c, nil
}

func parsePorts(s string) ([]int, error) {
	var out []int
	for _, p := range strings.Split(s, ",") {
		if p == "" {
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

func joinPorts(ports []int) string {
	out := make([]string, len(ports))
	for i, p := range ports {
		out[i] = strconv.Itoa(p)
	}
	return strings.Join(out, ",")
}

// Get answers one coin or db.ErrNotFound, with the fee and PPS setting in force today.
func (s *Store) Get(ctx context.Context, typ string) (Coin, error) {
	return get(ctx, s.DB, typ, DayOf(s.now()))
}

func get(ctx context.Context, q db.Querier, typ, today string) (Coin, error) {
	c, err := scan(q.QueryRow(ctx, "SELECT "+columns+" FROM coins WHERE type = ?", typ))
	if errors.Is(err, db.ErrNotFound) {
		return c, err
	}
	if err != nil {
		return c, fmt.Errorf("coin: get %s: %w", typ, err)
	}
	sched, err := Schedules(ctx, q, typ)
	if err != nil {
		return c, err
	}
	return withTerms(c, sched[typ], today), nil
}

// List answers every coin in display order.
func (s *Store) List(ctx context.Context) ([]Coin, error) {
	return list(ctx, s.DB, DayOf(s.now()))
}

func list(ctx context.Context, q db.Querier, today string) ([]Coin, error) {
	rows, err := q.Query(ctx, "SELECT "+columns+" FROM coins ORDER BY sort_order, type")
	if err != nil {
		return nil, fmt.Errorf("coin: list: %w", err)
	}
	var out []Coin
	for rows.Next() {
		c, err := scan(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("coin: list: %w", err)
		}
		out = append(out, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sched, err := Schedules(ctx, q)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i] = withTerms(out[i], sched[out[i].Type], today)
	}
	return out, nil
}

// Put creates or replaces a coin after validating it; a new coin keeps CreatedAt. It is
// for coin add, seeds and tests: an operator's change of a coin goes through Update, which
// audits it and moves a fee or PPS change to the next settlement day. Once a coin has a
// schedule of terms (coin_terms), the fee and PPS setting Put writes are not the ones in
// force.
func (s *Store) Put(ctx context.Context, c Coin) error {
	return put(ctx, s.DB, c)
}

func put(ctx context.Context, q db.Querier, c Coin) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if c.ClosedMsg == nil {
		c.ClosedMsg = map[string]string{}
	}
	if c.DriverConfig == nil {
		c.DriverConfig = map[string]string{}
	}
	closed, _ := json.Marshal(c.ClosedMsg)
	cfg, _ := json.Marshal(c.DriverConfig)
	now := db.NowMillis()
	_, err := q.Exec(ctx, `INSERT INTO coins (`+columns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (type) DO UPDATE SET name = excluded.name, alias_name = excluded.alias_name, algorithm = excluded.algorithm,
		chain_unit = excluded.chain_unit, min_hash_unit = excluded.min_hash_unit, decimals = excluded.decimals,
		icon_url = excluded.icon_url, logo_url = excluded.logo_url, currency_change_flag = excluded.currency_change_flag,
		machine_bind_flag = excluded.machine_bind_flag, machine_detail_flag = excluded.machine_detail_flag,
		gpu_overclocking_flag = excluded.gpu_overclocking_flag, open_status = excluded.open_status, closed_msg = excluded.closed_msg,
		fee_bps = excluded.fee_bps, settle_model = excluded.settle_model, settle_time = excluded.settle_time,
		min_withdraw = excluded.min_withdraw, withdraw_fee = excluded.withdraw_fee, stratum_ports = excluded.stratum_ports,
		tutorial_url = excluded.tutorial_url, driver = excluded.driver, driver_config = excluded.driver_config,
		sort_order = excluded.sort_order, updated_at = excluded.updated_at, pps_tx_fees = excluded.pps_tx_fees,
		payout_confirmations = excluded.payout_confirmations, withdraw_review_above = excluded.withdraw_review_above,
		solo_ports = excluded.solo_ports, solo_fee_bps = excluded.solo_fee_bps, dust_floor = excluded.dust_floor`,
		c.Type, c.Name, c.AliasName, c.Algorithm, c.ChainUnit, c.MinHashUnit, c.Decimals, c.IconURL, c.LogoURL,
		c.CurrencyChangeFlag, c.MachineBindFlag, c.MachineDetailFlag, c.GPUOverclockingFlag, c.OpenStatus, string(closed),
		c.FeeBps, c.SettleModel, c.SettleTime, c.MinWithdraw, c.WithdrawFee, joinPorts(c.StratumPorts), c.TutorialURL, c.Driver, string(cfg),
		c.SortOrder, now, now, c.PPSTxFees, c.PayoutConfirmations, c.WithdrawReviewAbove, joinPorts(c.SoloPorts), c.SoloFeeBps, c.DustFloor)
	if err != nil {
		return fmt.Errorf("coin: put %s: %w", c.Type, err)
	}
	return nil
}
