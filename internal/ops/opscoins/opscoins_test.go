package opscoins_test

import (
	"context"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ops/opscoins"
	"github.com/uniplus-pool/pool/internal/ops/opsoverview"
	"github.com/uniplus-pool/pool/internal/ops/opstest"
)

// An owner edits a coin with amounts in coins and a reason; the answer and the coins page
// show the fee change pending until the next settlement day; a refusal is a translated
// code naming the field and changes nothing; only the owner may edit.
func TestOwnerEditsACoin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		coins := &coin.Store{DB: d}
		for _, c := range []coin.Coin{{Type: "TST", StratumPorts: []int{3333}}, {Type: "OTH", StratumPorts: []int{3334}}} {
			c.Name, c.AliasName, c.Algorithm, c.ChainUnit, c.MinHashUnit, c.Decimals, c.SettleModel, c.SettleTime, c.FeeBps, c.Driver, c.OpenStatus =
				c.Type, c.Type, "sha256d", c.Type, "H/s", 8, coin.SettleModelPPS, "08:00", 100, coin.DriverDevnet, true
			if err := coins.Put(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		edit := &opscoins.Area{Coins: coins}
		overview := &opsoverview.Area{DB: d, Coins: coins}
		routes := append(edit.Routes(), overview.Routes()...)
		console := opstest.New(t, d, routes)
		opstest.CheckPermissions(t, console, edit.Routes(), map[string]ops.Perm{"POST /ops/api/v1/coins/{symbol}": ops.PermCoins})
		owner := console.SignIn("owner@ops.example.com")

		a := owner.Do("POST", "/ops/api/v1/coins/tst", map[string]any{"reason": "fee review", "feeBps": 250, "minWithdraw": "0.01", "open": false})
		var ans opscoins.Answer
		a.Into(t, &ans)
		if a.Status != 200 || ans.TermsFrom == nil || ans.Coin.FeeBps != 100 || ans.Coin.Pending == nil || ans.Coin.Pending.FeeBps != 250 ||
			ans.Coin.Pending.From != *ans.TermsFrom || ans.Coin.MinWithdraw != "0.01000000" || ans.Coin.Open {
			t.Fatalf("edit: %d %s", a.Status, a.Body)
		}
		var page struct {
			Coins []opsoverview.CoinSettings `json:"coins"`
		}
		a = owner.Do("GET", "/ops/api/v1/coins", nil)
		a.Into(t, &page)
		if !strings.Contains(a.Body, `"pending":{"feeBps":250,"ppsTxFees":false,"from":"`+*ans.TermsFrom+`"}`) {
			t.Fatalf("coins page without the pending change: %s", a.Body)
		}
		for _, c := range []struct {
			body  map[string]any
			code  string
			field string
		}{
			{map[string]any{"reason": "r", "stratumPorts": []int{3334}}, "coin.update.portInUse", "ports"},
			{map[string]any{"reason": "r", "withdrawFee": "0.02"}, "coin.update.feeNotBelowMinimum", "withdrawFee"},
			{map[string]any{"reason": "r", "minWithdraw": "0.000000001"}, "coin.update.badAmount", "minWithdraw"},
			{map[string]any{"reason": "r", "soloFeeBps": 10001}, "coin.update.feeRange", "soloFeeBps"},
			{map[string]any{"feeBps": 300}, "account.admin.reasonRequired", ""},
			{map[string]any{"reason": "r", "minDifficulty": -1}, "coin.update.minDifficultyRange", "minDifficulty"},
			{map[string]any{"reason": "r", "minDifficulty": 2e9}, "coin.update.minDifficultyRange", "minDifficulty"},
		} {
			a := owner.Do("POST", "/ops/api/v1/coins/TST", c.body, "language", "zh_CN")
			if a.Status != 400 && a.Status != 409 || a.ErrorCode() != c.code || !strings.Contains(string(a.Data), `"field":"`+c.field+`"`) && c.field != "" {
				t.Errorf("%v: %d %s, want %s on %s", c.body, a.Status, a.Body, c.code, c.field)
			}
		}
		if a := owner.Do("POST", "/ops/api/v1/coins/TST", map[string]any{"reason": "r", "stratumPorts": []int{3334}}, "language", "zh_CN"); !strings.Contains(a.Msg, "已被 OTH 使用") {
			t.Errorf("refusal not in Chinese: %s", a.Body)
		}
		if a := owner.Do("POST", "/ops/api/v1/coins/NOPE", map[string]any{"reason": "r", "open": true}); a.Status != 404 || a.ErrorCode() != "coin.unknown" {
			t.Errorf("unknown coin: %d %s", a.Status, a.Body)
		}
		after := owner.Do("GET", "/ops/api/v1/coins", nil)
		if after.Body != owner.Do("GET", "/ops/api/v1/coins", nil).Body || !strings.Contains(after.Body, `"stratumPorts":[3333]`) {
			t.Fatalf("refusals changed a coin: %s", after.Body)
		}
		// The difficulty floor is the driver setting the stratum role reads; 0 removes it.
		a = owner.Do("POST", "/ops/api/v1/coins/TST", map[string]any{"reason": "cheap shares for small rigs", "minDifficulty": 0.001})
		a.Into(t, &ans)
		if a.Status != 200 || ans.Coin.MinDifficulty != 0.001 {
			t.Fatalf("floor: %d %s", a.Status, a.Body)
		}
		if c, err := coins.Get(ctx, "TST"); err != nil || c.DriverConfig["min_difficulty"] != "0.001" {
			t.Fatalf("driver config after the floor: %v %v", c.DriverConfig, err)
		}
		a = owner.Do("POST", "/ops/api/v1/coins/TST", map[string]any{"reason": "default floor", "minDifficulty": 0})
		a.Into(t, &ans)
		if c, err := coins.Get(ctx, "TST"); a.Status != 200 || ans.Coin.MinDifficulty != 0 || err != nil || c.DriverConfig["min_difficulty"] != "" {
			t.Fatalf("floor removed: %d %s %v", a.Status, a.Body, c.DriverConfig)
		}
		var n int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM ops_audit WHERE action = 'coin.update' AND object_id = 'TST' AND actor = 'owner@ops.example.com'").Scan(&n); err != nil || n != 3 {
			t.Fatalf("%d audit entries of the edit (%v), want the one that was made", n, err)
		}
	})
}
