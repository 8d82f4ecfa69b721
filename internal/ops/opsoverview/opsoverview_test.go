package opsoverview_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ops/opsoverview"
	"github.com/uniplus-pool/pool/internal/ops/opstest"
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
