package opsoverview_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/explorer"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ops/opsoverview"
	"github.com/uniplus-pool/pool/internal/ops/opstest"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/solo"
	"github.com/uniplus-pool/pool/internal/stratum"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// The overview counts a coin's devices, blocks by status, and payouts open, stuck (open
// for more than an hour) and failed in the last day; the blocks list names each block's
// finder (the sub-account, or the solo address) and its orphan reason, with filters.
func TestOverviewAndBlocks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Now()
		coins := &coin.Store{DB: d}
		if err := coins.Put(ctx, coin.Coin{Type: "TST", Name: "Test", AliasName: "TST", Algorithm: "sha256d", ChainUnit: "TST", MinHashUnit: "H/s",
			Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverDevnet, MinWithdraw: 1000}); err != nil {
			t.Fatal(err)
		}
		u := accounttest.NewUser(t, d, "miner@example.com", "", now)
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.Exec(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`INSERT INTO sub_accounts (id, user_id, code, alias, default_coin, uniplus_hash, created_at, updated_at) VALUES (5, ?, 'minerone', 'A', 'TST', 'h', 0, 0)`, u.ID)
		exec(`INSERT INTO devices (id, sub_account_id, coin, worker, kind, bound, status, first_seen_at, last_seen_at, created_at, updated_at)
			VALUES (9, 5, 'TST', 'minerone.rig1', 'asic', TRUE, 'normal', 0, 0, 0, 0)`)
		exec(`INSERT INTO devices (id, sub_account_id, coin, worker, kind, bound, status, first_seen_at, last_seen_at, created_at, updated_at)
			VALUES (10, 5, 'TST', 'minerone.rig2', 'asic', TRUE, 'offline', 0, 0, 0, 0)`)
		block := func(id int64, device any, worker string, solo bool, status, reason string) {
			exec(`INSERT INTO found_blocks (id, coin, height, hash, reward, device_id, worker, status, confirmations, reject_reason, found_at, updated_at, solo)
				VALUES (?, 'TST', ?, ?, 625000000, ?, ?, ?, 3, ?, 0, 0, ?)`, id, 100+id, "h"+string(rune('a'+id)), device, worker, status, reason, solo)
		}
		block(1, 9, "minerone.rig1", false, "confirmed", "")
		block(2, nil, "tst1qsoloaddress.rig", true, "orphaned", "replaced by a block of another miner")
		block(3, 9, "minerone.rig1", false, "pending", "")
		payout := func(status string, created, done time.Time) {
			exec(`INSERT INTO payouts (coin, status, outputs, created_at, done_at) VALUES ('TST', ?, 1, ?, ?)`, status, created.UnixMilli(), done.UnixMilli())
		}
		payout("batched", now.Add(-2*time.Hour), time.Time{})
		payout("broadcast", now.Add(-time.Minute), time.Time{})
		payout("failed", now.Add(-3*time.Hour), now.Add(-2*time.Hour))
		payout("failed", now.Add(-72*time.Hour), now.Add(-48*time.Hour))

		area := &opsoverview.Area{DB: d, Coins: coins, Now: func() time.Time { return now }}
		console := opstest.New(t, d, area.Routes())
		viewer := console.Operator(ops.RoleViewer)
		var ov struct {
			Coins []opsoverview.CoinFigures `json:"coins"`
		}
		a := viewer.Do("GET", "/ops/api/v1/overview", nil)
		a.Into(t, &ov)
		if a.Status != 200 || len(ov.Coins) != 1 {
			t.Fatalf("overview: %d %s", a.Status, a.Body)
		}
		f := ov.Coins[0]
		if f.Devices != 1 || f.Blocks["confirmed"] != 1 || f.Blocks["orphaned"] != 1 || f.Blocks["pending"] != 1 ||
			f.PayoutsOpen != 2 || f.PayoutsStuck != 1 || f.PayoutsFailed != 1 || f.Available != "0.00000000" {
			t.Fatalf("figures: %+v", f)
		}

		var page struct {
			Items      []opsoverview.Block `json:"items"`
			NextCursor *string             `json:"nextCursor"`
		}
		a = viewer.Do("GET", "/ops/api/v1/blocks?coin=TST", nil)
		a.Into(t, &page)
		if a.Status != 200 || len(page.Items) != 3 || page.Items[2].SubAccount != "minerone" || page.Items[2].Reward != "6.25000000" ||
			page.Items[1].SoloAddress != "tst1qsoloaddress" || page.Items[1].Reason == "" || page.Items[1].SubAccount != "" {
			t.Fatalf("blocks: %d %s", a.Status, a.Body)
		}
		a = viewer.Do("GET", "/ops/api/v1/blocks?status=orphaned", nil)
		page.Items = nil
		a.Into(t, &page)
		if len(page.Items) != 1 || page.Items[0].ID != 2 {
			t.Fatalf("orphaned blocks: %s", a.Body)
		}
		a = viewer.Do("GET", "/ops/api/v1/blocks?limit=2", nil)
		a.Into(t, &page)
		if len(page.Items) != 2 || page.NextCursor == nil || *page.NextCursor != "2" {
			t.Fatalf("first page: %s", a.Body)
		}
		if a := viewer.Do("GET", "/ops/api/v1/blocks?status=lost", nil); a.Status != 400 || a.ErrorCode() != "ops.badFilter" {
			t.Fatalf("bad status: %d %s", a.Status, a.Body)
		}
		var cs struct {
			Coins []opsoverview.CoinSettings `json:"coins"`
		}
		a = viewer.Do("GET", "/ops/api/v1/coins", nil)
		a.Into(t, &cs)
		if a.Status != 200 || len(cs.Coins) != 1 || cs.Coins[0].FeeBps != 100 || cs.Coins[0].MinWithdraw != "0.00001000" ||
			cs.Coins[0].SettleModel != "PPS" || strings.Contains(a.Body, "driverConfig") {
			t.Fatalf("coins: %d %s", a.Status, a.Body)
		}
	})
}

// fakeWallets answers each coin's wallet check; a coin in slow waits until the overview
// gives up.
type fakeWallets struct{ slow map[string]bool }

func (f fakeWallets) OpsWalletLine(ctx context.Context, c coin.Coin) withdraw.OpsWalletReport {
	if f.slow[c.Type] {
		<-ctx.Done()
		time.Sleep(50 * time.Millisecond) // a driver slow to notice
		return withdraw.OpsWalletReport{Coin: c.Type, Error: "late"}
	}
	return withdraw.OpsWalletReport{Coin: c.Type, Wallet: "1.00000000", Available: "1.50000000", Surplus: "-0.50000000", Short: true,
		Problem: "the wallet holds less than the pool owes"}
}

// The overview's 24-hour figures come from what the pool stored: the hashrate series from
// the share minutes, the shares accepted and refused by reason from the stratum servers'
// reports, the node's status and template age from their heartbeat; the wallet check of
// each coin is asked at once and a node that does not answer in time is the coin's error,
// not a failed overview.
func TestOverviewSeriesSharesNodeAndWallet(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 29, 12, 3, 0, 0, time.UTC)
		coins := &coin.Store{DB: d}
		for _, sym := range []string{"TST", "SLOW"} {
			if err := coins.Put(ctx, coin.Coin{Type: sym, Name: sym, AliasName: sym, Algorithm: "sha256d", ChainUnit: sym, MinHashUnit: "H/s",
				Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverDevnet, MinWithdraw: 1000}); err != nil {
				t.Fatal(err)
			}
		}
		// Two devices' shares in the 11:50 bucket, one in the 02:00 bucket, one a day old.
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			return pool.AddShareMinutes(ctx, tx, []pool.ShareMinute{
				{DeviceID: 901, Minute: now.Add(-12 * time.Minute), Coin: "TST", DiffSum: 600, Accepted: 6, Rejected: 1},
				{DeviceID: 902, Minute: now.Add(-5 * time.Minute), Coin: "TST", DiffSum: 600, Accepted: 6},
				{DeviceID: 901, Minute: now.Add(-10 * time.Hour), Coin: "TST", DiffSum: 300, Accepted: 3},
				{DeviceID: 901, Minute: now.Add(-25 * time.Hour), Coin: "TST", DiffSum: 9000, Accepted: 90},
			})
		}); err != nil {
			t.Fatal(err)
		}
		report := func(source string, at time.Time, st stratum.Stats) {
			t.Helper()
			r := &mining.Reporter{DB: d, Coin: "TST", Source: source, Server: fakeStats(st), Now: func() time.Time { return at }}
			if err := r.Report(ctx); err != nil {
				t.Fatal(err)
			}
		}
		report("a/TST", now.Add(-time.Hour), stratum.Stats{SharesAccepted: 100, Rejections: map[string]uint64{"stale": 3, "low_difficulty": 2}})
		report("b/TST/solo", now.Add(-2*time.Minute), stratum.Stats{SharesAccepted: 7, Rejections: map[string]uint64{"stale": 1}})
		report("c/TST", now.Add(-30*time.Hour), stratum.Stats{SharesAccepted: 1000})
		if _, err := d.Exec(ctx, `INSERT INTO stratum_heartbeats (coin, source, template_at, template_height, node_error, node_error_at, beat_at)
			VALUES ('TST', 'a/TST', ?, 812, '', 0, ?), ('TST', 'old/TST', 1, 1, 'gone', 1, ?),
			('SLOW', 'a/SLOW', ?, 5, 'connection refused', ?, ?)`,
			now.Add(-40*time.Second).UnixMilli(), now.Add(-3*time.Second).UnixMilli(), now.Add(-time.Hour).UnixMilli(),
			now.Add(-10*time.Minute).UnixMilli(), now.Add(-4*time.Second).UnixMilli(), now.Add(-2*time.Minute).UnixMilli()); err != nil {
			t.Fatal(err)
		}

		area := &opsoverview.Area{DB: d, Coins: coins, Wallets: fakeWallets{slow: map[string]bool{"SLOW": true}}, WalletWait: 200 * time.Millisecond,
			Now: func() time.Time { return now }}
		console := opstest.New(t, d, area.Routes())
		viewer := console.Operator(ops.RoleViewer)
		started := time.Now()
		var ov struct {
			Coins []opsoverview.CoinFigures `json:"coins"`
		}
		a := viewer.Do("GET", "/ops/api/v1/overview", nil)
		a.Into(t, &ov)
		if a.Status != 200 || len(ov.Coins) != 2 {
			t.Fatalf("overview: %d %s", a.Status, a.Body)
		}
		if took := time.Since(started); took > 3*time.Second {
			t.Errorf("the overview waited %s for a node", took)
		}
		var tst, slow opsoverview.CoinFigures
		for _, c := range ov.Coins {
			if c.Coin == "TST" {
				tst = c
			} else {
				slow = c
			}
		}
		h := tst.HashRateHistory
		if len(h) != 144 || h[143].Time != now.Add(-10*time.Minute).Truncate(10*time.Minute).UnixMilli() {
			t.Fatalf("series: %d points, last at %d", len(h), h[len(h)-1].Time)
		}
		want := pool.Hashrate(1200, "sha256d", 10*time.Minute)
		if h[143].HashRate != want || h[143].Accepted != 12 || h[143].Rejected != 1 || h[84].Accepted != 3 {
			t.Fatalf("series points: last %+v, 02:00 %+v (want %v H/s)", h[143], h[84], want)
		}
		var total int64
		for _, p := range h {
			total += p.Accepted
		}
		if total != 15 {
			t.Errorf("the series counts %d accepted shares, want 15 (not the day-old ones)", total)
		}
		if s := tst.Shares24h; s.Accepted != 107 || s.Refused["stale"] != 4 || s.Refused["low_difficulty"] != 2 || len(s.Refused) != 2 {
			t.Errorf("shares: %+v", s)
		}
		if n := tst.Node; n.Status != opsoverview.NodeOK || n.TemplateHeight != 812 || n.TemplateAgeMs != 40000 || n.ReportAt != now.Add(-3*time.Second).UnixMilli() {
			t.Errorf("TST node: %+v", n)
		}
		if n := slow.Node; n.Status != opsoverview.NodeSilent || n.Error != "connection refused" || n.TemplateAgeMs != 10*60*1000 {
			t.Errorf("SLOW node: %+v", n)
		}
		if w := tst.Wallet; !w.Short || w.Wallet != "1.00000000" || w.Error != "" {
			t.Errorf("TST wallet: %+v", w)
		}
		if w := slow.Wallet; w.Coin != "SLOW" || !strings.Contains(w.Error, "did not answer") {
			t.Errorf("SLOW wallet: %+v", w)
		}
		if s := slow.Shares24h; s.Accepted != 0 || len(s.Refused) != 0 || len(slow.HashRateHistory) != 144 {
			t.Errorf("SLOW figures: %+v", slow)
		}

		// No wallet checker (a process without chain drivers) and no report: said, not failed.
		area.Wallets = nil
		if _, err := d.Exec(ctx, "DELETE FROM stratum_heartbeats"); err != nil {
			t.Fatal(err)
		}
		list, err := area.Overview(ctx)
		if err != nil || list[0].Wallet.Error == "" || list[0].Node.Status != opsoverview.NodeUnknown {
			t.Fatalf("without drivers: %+v %v", list, err)
		}
	})
}

type statsOnly struct{ st stratum.Stats }

func (s statsOnly) Stats() stratum.Stats { return s.st }

func fakeStats(st stratum.Stats) mining.ShareCounter { return statsOnly{st} }

// Each block in the console's list carries its effort as the public explorer computes it
// (the pool's work since the block before it over the block's network difficulty), and
// the overview names the newest block the node took from the pool's own miners, with its
// effort (solo and refused blocks are not the pool's round).
func TestBlockEffort(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Now().Truncate(time.Hour)
		coins := &coin.Store{DB: d}
		if err := coins.Put(ctx, coin.Coin{Type: "TST", Name: "Test", AliasName: "TST", Algorithm: "sha256d", ChainUnit: "TST", MinHashUnit: "H/s",
			Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverDevnet, MinWithdraw: 1000}); err != nil {
			t.Fatal(err)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.Exec(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		at := func(m int) int64 { return now.Add(time.Duration(m) * time.Minute).UnixMilli() }
		block := func(id int64, worker string, solo bool, status string, minute int) {
			exec(`INSERT INTO found_blocks (id, coin, height, hash, reward, worker, status, confirmations, reject_reason, found_at, updated_at, solo, net_diff)
				VALUES (?, 'TST', ?, ?, 625000000, ?, ?, 1, '', ?, 0, ?, 1000)`, id, 100+id, fmt.Sprint("h", id), worker, status, at(minute), solo)
		}
		// Work of 500 in the minutes after block 1 and 1,500 more before block 3.
		for m, diff := range map[int]float64{5: 200, 10: 300, 30: 1500} {
			exec(`INSERT INTO share_minutes (device_id, minute, coin, diff_sum, accepted, rejected, stale) VALUES (1, ?, 'TST', ?, 1, 0, 0)`, at(m), diff)
		}
		block(1, "a.rig", false, "confirmed", 0)
		block(2, "a.rig", false, "pending", 12)
		block(3, "a.rig", false, "pending", 40)
		block(4, "tst1qsolo.rig", true, "pending", 50)
		block(5, "a.rig", false, "rejected", 55)

		ex := &explorer.Explorer{Blocks: &mining.Blocks{DB: d}, Pool: &pool.Store{DB: d}, Solo: &solo.Store{DB: d}}
		area := &opsoverview.Area{DB: d, Coins: coins, Now: func() time.Time { return now.Add(time.Hour) }, Effort: ex.Effort}
		viewer := opstest.New(t, d, area.Routes()).Operator(ops.RoleViewer)
		var page struct {
			Items []opsoverview.Block `json:"items"`
		}
		viewer.Do("GET", "/ops/api/v1/blocks?coin=TST", nil).Into(t, &page)
		effort := map[int64]float64{}
		for _, b := range page.Items {
			effort[b.ID] = b.Effort
		}
		// Block 2: minutes 1..12 hold 500 of work over 1,000; block 3: minutes 13..40, 1,500.
		if effort[2] != 0.5 || effort[3] != 1.5 {
			t.Fatalf("efforts %v", effort)
		}
		var ov struct {
			Coins []opsoverview.CoinFigures `json:"coins"`
		}
		viewer.Do("GET", "/ops/api/v1/overview", nil).Into(t, &ov)
		if len(ov.Coins) != 1 || ov.Coins[0].LastBlock == nil || ov.Coins[0].LastBlock.ID != 3 || ov.Coins[0].LastBlock.Effort != 1.5 {
			t.Fatalf("overview's last block: %+v", ov.Coins[0].LastBlock)
		}
	})
}
