// Package opsoverview is the operator console's read-only pages of figures
// (docs/operations.md "Overview and blocks"): per coin, the pool's hashrate, miners and
// devices, found blocks by status, what the pool owes and the payouts waiting, stuck or
// failed; and every found block with its finder, reward, status, confirmations and orphan
// reason. It changes nothing.
package opsoverview

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// StuckAfter is how long an open payout may wait before the overview counts it stuck.
const StuckAfter = time.Hour

// WalletTimeout bounds the overview's wait for the nodes' wallets (asked at once, all
// coins together): a node that does not answer by then is the coin's wallet error.
const WalletTimeout = 3 * time.Second

// SilentAfter is how long a coin's stratum process may go without a report before the
// overview says its node's status is unknown.
const SilentAfter = time.Minute

// WalletChecker is `poold admin wallet check` for one coin (withdraw.Store.OpsWalletLine).
type WalletChecker interface {
	OpsWalletLine(ctx context.Context, c coin.Coin) withdraw.OpsWalletReport
}

// Area serves the overview and blocks routes.
type Area struct {
	DB    *db.DB
	Coins *coin.Store
	// Wallets checks each coin's node wallet; nil leaves the wallet out (its error says so).
	Wallets WalletChecker
	// WalletWait bounds the wallet checks; 0 is WalletTimeout.
	WalletWait time.Duration
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Effort answers a found block's effort, the pool's work since the block before it
	// over the block's network difficulty (explorer.Explorer.Effort, what the public
	// explorer shows); nil leaves efforts out (0).
	Effort func(ctx context.Context, f mining.FoundBlock) (float64, error)
}

func (a *Area) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// Routes are the overview and blocks routes, for ops.Handler.Extra: read.
func (a *Area) Routes() []ops.Route {
	return []ops.Route{
		{Method: "GET", Path: "/ops/api/v1/overview", Perm: ops.PermRead, Handle: a.overview},
		{Method: "GET", Path: "/ops/api/v1/blocks", Perm: ops.PermRead, Handle: a.blocks},
		{Method: "GET", Path: "/ops/api/v1/coins", Perm: ops.PermRead, Handle: a.coins},
	}
}

// CoinFigures is one coin's line of the overview. Amounts are in coins.
type CoinFigures struct {
	Coin            string  `json:"coin"`
	PoolHashRate    float64 `json:"poolHashRate"` // H/s, real time
	PoolHashRate24h float64 `json:"poolHashRate24h"`
	ActiveMiners    int     `json:"activeMiners"`
	Height          int64   `json:"height"`
	StatsAt         int64   `json:"statsAt"` // Unix ms of the figures above; 0: none yet
	Devices         int     `json:"devices"` // not offline
	// Blocks counts the found blocks by status (pending, confirmed, orphaned, rejected).
	Blocks map[string]int `json:"blocks"`
	// LastBlock is the newest pool block (not solo, not refused) with its effort; nil
	// before the first.
	LastBlock *Block `json:"lastBlock"`
	// Owed is what the users' balances hold (available) and what open withdrawals hold
	// (frozen): the pool's side of `poold admin wallet check`.
	Available string `json:"available"`
	Frozen    string `json:"frozen"`
	// Payouts: open (batched, signed or broadcast), open for more than StuckAfter, failed
	// in the last 24 hours; withdrawals waiting for review.
	PayoutsOpen    int `json:"payoutsOpen"`
	PayoutsStuck   int `json:"payoutsStuck"`
	PayoutsFailed  int `json:"payoutsFailed24h"`
	ReviewsWaiting int `json:"reviewsWaiting"`
	// HashRateHistory is the pool's hashrate over the last 24 hours in 10-minute points
	// (pool.HistoryBucket), oldest first, from the stored shares.
	HashRateHistory []pool.Point `json:"hashRateHistory"`
	// Shares24h are the shares the stratum servers answered in the last 24 hours.
	Shares24h Shares `json:"shares24h"`
	// Node is the node's status as the stratum process last reported it.
	Node Node `json:"node"`
	// Wallet is the node wallet against what the pool owes (`poold admin wallet check`);
	// its error says why a coin could not be checked.
	Wallet withdraw.OpsWalletReport `json:"wallet"`
}

// Shares are share counts: accepted, and refused by reason (stale, duplicate,
// low_difficulty, unauthorized, not_subscribed, other).
type Shares struct {
	Accepted int64            `json:"accepted"`
	Refused  map[string]int64 `json:"refused"`
}

// Node statuses.
const (
	NodeOK      = "ok"      // the last try for a template worked
	NodeError   = "error"   // the last try failed: Error says why
	NodeSilent  = "silent"  // no report for SilentAfter: the stratum process is down or cut off
	NodeUnknown = "unknown" // no stratum process has reported the coin
)

// Node is a coin's node as its stratum process sees it.
type Node struct {
	Status         string `json:"status"`
	Error          string `json:"error"`
	ErrorAt        int64  `json:"errorAt"`
	TemplateAt     int64  `json:"templateAt"` // Unix ms of the last block template; 0: none
	TemplateAgeMs  int64  `json:"templateAgeMs"`
	TemplateHeight int64  `json:"templateHeight"`
	ReportAt       int64  `json:"reportAt"` // Unix ms of the last report; 0: none
}

// nodeOf reads the coin's node status from the last heartbeat.
func nodeOf(ctx context.Context, q db.Querier, coinType string, now time.Time) (Node, error) {
	h, err := mining.LatestHeartbeat(ctx, q, coinType)
	if errors.Is(err, db.ErrNotFound) {
		return Node{Status: NodeUnknown}, nil
	}
	if err != nil {
		return Node{}, err
	}
	n := Node{Status: NodeOK, Error: h.NodeError, ErrorAt: h.NodeErrorAt, TemplateAt: h.TemplateAt, TemplateHeight: h.TemplateHeight, ReportAt: h.BeatAt}
	if h.TemplateAt > 0 {
		n.TemplateAgeMs = max(0, now.UnixMilli()-h.TemplateAt)
	}
	switch {
	case now.UnixMilli()-h.BeatAt > SilentAfter.Milliseconds():
		n.Status = NodeSilent
	case h.NodeError != "" || h.TemplateAt == 0:
		n.Status = NodeError
	}
	return n, nil
}

// wallets checks every coin's wallet at once, each under WalletTimeout.
func (a *Area) wallets(ctx context.Context, coins []coin.Coin) []withdraw.OpsWalletReport {
	out := make([]withdraw.OpsWalletReport, len(coins))
	// Read once: a check that outlives the wait (a node that ignores its context) must not
	// read the Area after Overview has answered.
	wallets := a.Wallets
	if wallets == nil {
		for i, c := range coins {
			out[i] = withdraw.OpsWalletReport{Coin: c.Type, Error: "no wallet checker in this process"}
		}
		return out
	}
	wait := a.WalletWait
	if wait <= 0 {
		wait = WalletTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	var wg sync.WaitGroup
	for i, c := range coins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			done := make(chan withdraw.OpsWalletReport, 1)
			go func() { done <- wallets.OpsWalletLine(ctx, c) }()
			select {
			case out[i] = <-done:
			case <-ctx.Done():
				// A driver that ignores its context does not hold the overview up.
				out[i] = withdraw.OpsWalletReport{Coin: c.Type, Error: "the node did not answer within " + wait.String()}
			}
		}()
	}
	wg.Wait()
	return out
}

// Overview reads every coin's figures.
func (a *Area) Overview(ctx context.Context) ([]CoinFigures, error) {
	coins, err := a.Coins.List(ctx)
	if err != nil {
		return nil, err
	}
	now := a.now()
	blocks := &mining.Blocks{DB: a.DB}
	shares := &pool.Store{DB: a.DB}
	walletsDone := make(chan []withdraw.OpsWalletReport, 1)
	go func() { walletsDone <- a.wallets(ctx, coins) }()
	out := []CoinFigures{}
	for _, c := range coins {
		f := CoinFigures{Coin: c.Type, Blocks: map[string]int{}}
		if f.HashRateHistory, err = shares.CoinHistory(ctx, c.Type, c.Algorithm, pool.Range24h, now); err != nil {
			return nil, err
		}
		results, err := mining.ShareResults(ctx, a.DB, c.Type, now.Add(-24*time.Hour), now)
		if err != nil {
			return nil, err
		}
		f.Shares24h = Shares{Accepted: results[mining.ResultAccepted], Refused: map[string]int64{}}
		for r, n := range results {
			if r != mining.ResultAccepted {
				f.Shares24h.Refused[r] = n
			}
		}
		if f.Node, err = nodeOf(ctx, a.DB, c.Type, now); err != nil {
			return nil, err
		}
		st, err := blocks.Stats(ctx, c.Type)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			return nil, err
		}
		f.PoolHashRate, f.PoolHashRate24h, f.ActiveMiners, f.Height, f.StatsAt = st.PoolHashRate, st.PoolHashRate24h, st.ActiveMiners, st.Height, st.UpdatedAt
		if err := a.DB.QueryRow(ctx, "SELECT COUNT(*) FROM devices WHERE coin = ? AND status <> 'offline'", c.Type).Scan(&f.Devices); err != nil {
			return nil, err
		}
		last, err := a.Blocks(ctx, BlockFilter{Coin: c.Type, PoolTaken: true, Limit: 1})
		if err != nil {
			return nil, err
		}
		if len(last) == 1 {
			f.LastBlock = &last[0]
		}
		rows, err := a.DB.Query(ctx, "SELECT status, COUNT(*) FROM found_blocks WHERE coin = ? GROUP BY status", c.Type)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var s string
			var n int
			if err := rows.Scan(&s, &n); err != nil {
				rows.Close()
				return nil, err
			}
			f.Blocks[s] = n
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		totals, err := ledger.CoinTotals(ctx, a.DB, c.Type)
		if err != nil {
			return nil, err
		}
		f.Available, f.Frozen = chain.FormatAmount(totals.Available, c.Decimals), chain.FormatAmount(totals.Frozen, c.Decimals)
		stuck := now.Add(-StuckAfter).UnixMilli()
		if err := a.DB.QueryRow(ctx, `SELECT
			COALESCE(SUM(CASE WHEN status IN ('batched', 'signed', 'broadcast') THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN status IN ('batched', 'signed', 'broadcast') AND created_at < ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN status = 'failed' AND done_at >= ? THEN 1 ELSE 0 END), 0)
			FROM payouts WHERE coin = ?`, stuck, now.Add(-24*time.Hour).UnixMilli(), c.Type).Scan(&f.PayoutsOpen, &f.PayoutsStuck, &f.PayoutsFailed); err != nil {
			return nil, err
		}
		if err := a.DB.QueryRow(ctx, "SELECT COUNT(*) FROM withdrawals WHERE coin = ? AND status = 'review'", c.Type).Scan(&f.ReviewsWaiting); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	for i, w := range <-walletsDone {
		out[i].Wallet = w
	}
	return out, nil
}

func (a *Area) overview(w http.ResponseWriter, r *http.Request) error {
	list, err := a.Overview(r.Context())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"coins": list})
}

// Block is a found block as the console lists it.
type Block struct {
	ID     int64  `json:"id"`
	Coin   string `json:"coin"`
	Height int64  `json:"height"`
	Hash   string `json:"hash"`
	Reward string `json:"reward"` // in coins
	// The finder: a sub-account's code (pool blocks) or the solo address.
	SubAccount    string  `json:"subAccount"`
	SoloAddress   string  `json:"soloAddress"`
	Worker        string  `json:"worker"`
	Solo          bool    `json:"solo"`
	NetDiff       float64 `json:"netDiff"`
	Status        string  `json:"status"`
	Confirmations int64   `json:"confirmations"`
	// Reason is why the node refused it or why it is orphaned, when it says.
	Reason  string `json:"reason"`
	FoundAt int64  `json:"foundAt"`
	// Effort is the pool's work since the block before it over its network difficulty
	// (1 = a block's average work; for a solo block, that address's work); 0 when unknown.
	Effort float64 `json:"effort"`
}

// BlockFilter picks blocks; zero fields pick all. Newest first.
type BlockFilter struct {
	Coin, Status string
	Before       int64
	Limit        int
	// PoolTaken keeps the pool's own blocks the node took: not solo, not refused.
	PoolTaken bool
}

// Blocks lists found blocks.
func (a *Area) Blocks(ctx context.Context, f BlockFilter) ([]Block, error) {
	var where []string
	var args []any
	if f.Coin != "" {
		where, args = append(where, "b.coin = ?"), append(args, f.Coin)
	}
	if f.Status != "" {
		where, args = append(where, "b.status = ?"), append(args, f.Status)
	}
	if f.Before > 0 {
		where, args = append(where, "b.id < ?"), append(args, f.Before)
	}
	if f.PoolTaken {
		where, args = append(where, "b.solo = ? AND b.status <> ?"), append(args, false, mining.BlockRejected)
	}
	q := `SELECT b.id, b.coin, b.height, b.hash, b.reward, COALESCE(s.code, ''), b.worker, b.solo, b.net_diff, b.status,
		b.confirmations, b.reject_reason, b.found_at
		FROM found_blocks b LEFT JOIN devices d ON d.id = b.device_id LEFT JOIN sub_accounts s ON s.id = d.sub_account_id`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	rows, err := a.DB.Query(ctx, q+" ORDER BY b.id DESC LIMIT "+strconv.Itoa(limit), args...)
	if err != nil {
		return nil, err
	}
	type raw struct {
		b      Block
		reward int64
	}
	var list []raw
	for rows.Next() {
		var r raw
		b := &r.b
		if err := rows.Scan(&b.ID, &b.Coin, &b.Height, &b.Hash, &r.reward, &b.SubAccount, &b.Worker, &b.Solo, &b.NetDiff, &b.Status,
			&b.Confirmations, &b.Reason, &b.FoundAt); err != nil {
			rows.Close()
			return nil, err
		}
		list = append(list, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	decimals := map[string]int{}
	out := make([]Block, 0, len(list))
	for _, r := range list {
		if a.Effort != nil {
			eff, err := a.Effort(ctx, mining.FoundBlock{ID: r.b.ID, Coin: r.b.Coin, Worker: r.b.Worker, Solo: r.b.Solo,
				NetDiff: r.b.NetDiff, Status: r.b.Status, FoundAt: r.b.FoundAt})
			if err != nil {
				return nil, err
			}
			r.b.Effort = eff
		}
		n, ok := decimals[r.b.Coin]
		if !ok {
			c, err := a.Coins.Get(ctx, r.b.Coin)
			if err != nil {
				return nil, err
			}
			n, decimals[r.b.Coin] = c.Decimals, c.Decimals
		}
		r.b.Reward = chain.FormatAmount(r.reward, n)
		if r.b.Solo {
			// A solo finder's worker is "<address>[.<rig>]".
			r.b.SoloAddress, _, _ = strings.Cut(r.b.Worker, ".")
		}
		out = append(out, r.b)
	}
	return out, nil
}

var blockStatuses = []string{mining.BlockPending, mining.BlockConfirmed, mining.BlockOrphaned, mining.BlockRejected}

func badFilter(field string) error {
	return &httpx.Error{Code: httpx.CodeWarning, Status: 400, Key: "ops.badFilter", Params: i18n.Params{"field": field},
		Data: map[string]string{"error": "ops.badFilter"}}
}

// blocks answers ?coin=&status=&cursor=&limit=, newest first.
func (a *Area) blocks(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := BlockFilter{Coin: strings.TrimSpace(q.Get("coin")), Status: q.Get("status"), Limit: 50}
	if f.Status != "" && !slices.Contains(blockStatuses, f.Status) {
		return badFilter("status")
	}
	var err error
	if c := q.Get("cursor"); c != "" {
		if f.Before, err = strconv.ParseInt(c, 10, 64); err != nil || f.Before <= 0 {
			return badFilter("cursor")
		}
	}
	if l := q.Get("limit"); l != "" {
		if f.Limit, err = strconv.Atoi(l); err != nil || f.Limit < 1 || f.Limit > ops.MaxAuditPage {
			return badFilter("limit")
		}
	}
	list, err := a.Blocks(r.Context(), f)
	if err != nil {
		return err
	}
	var next *string
	if len(list) == f.Limit {
		c := strconv.FormatInt(list[len(list)-1].ID, 10)
		next = &c
	}
	return httpx.OK(w, r, map[string]any{"items": list, "nextCursor": next})
}

// CoinSettings is a coin's settings as the console's coins page shows them, a pending fee
// or PPS change with its first settlement day included: coin.Settings, which the audit log
// keeps before and after a change (POST /ops/api/v1/coins/{symbol}, opscoins).
type CoinSettings = coin.Settings

func (a *Area) coins(w http.ResponseWriter, r *http.Request) error {
	list, err := a.Coins.List(r.Context())
	if err != nil {
		return err
	}
	out := make([]CoinSettings, 0, len(list))
	for _, c := range list {
		out = append(out, coin.SettingsOf(c))
	}
	return httpx.OK(w, r, map[string]any{"coins": out})
}
