package coin

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

func testCoins(t *testing.T, d *db.DB, now time.Time) *Store {
	t.Helper()
	s := &Store{DB: d, Now: func() time.Time { return now }}
	ctx := context.Background()
	for _, c := range []Coin{
		{Type: "LTC", Name: "Litecoin", Algorithm: "scrypt", StratumPorts: []int{3333}, SoloPorts: []int{4333}, MinWithdraw: 1000, WithdrawFee: 100},
		{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", StratumPorts: []int{3334}, SoloPorts: []int{4334}},
	} {
		c.AliasName, c.ChainUnit, c.MinHashUnit, c.Decimals, c.FeeBps, c.SettleModel, c.SettleTime, c.Driver =
			c.Type, c.Type, "H/s", 8, 100, SettleModelPPS, "08:00", DriverDevnet
		c.OpenStatus = true
		if err := s.Put(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func auditRows(t *testing.T, d *db.DB) []map[string]string {
	t.Helper()
	rows, err := d.Query(context.Background(), "SELECT actor, action, object_type, object_id, reason, COALESCE(before_json, ''), COALESCE(after_json, '') FROM ops_audit ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []map[string]string
	for rows.Next() {
		var a, b, c, e, f, g, h string
		if err := rows.Scan(&a, &b, &c, &e, &f, &g, &h); err != nil {
			t.Fatal(err)
		}
		out = append(out, map[string]string{"actor": a, "action": b, "object": c + ":" + e, "reason": f, "before": g, "after": h})
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// Every refused change says why with its own code and changes nothing, audit log included;
// a port another coin listens on (pool or solo) is refused.
func TestUpdateRefusalsChangeNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := testCoins(t, d, time.Date(2026, 2, 10, 4, 0, 0, 0, time.UTC))
		was, _ := s.Get(ctx, "LTC")
		owner := audit.Actor{OperatorID: 0, Email: "owner@example.com", Addr: "127.0.0.1"}
		cases := []struct {
			change Change
			reason string
			key    string
		}{
			{Change{MinWithdraw: ptr[int64](5)}, "", "account.admin.reasonRequired"},
			{Change{FeeBps: ptr(10001)}, "r", "coin.update.feeRange"},
			{Change{FeeBps: ptr(-1)}, "r", "coin.update.feeRange"},
			{Change{SoloFeeBps: ptr(20000)}, "r", "coin.update.feeRange"},
			{Change{MinWithdraw: ptr[int64](-1)}, "r", "coin.update.negative"},
			{Change{WithdrawReviewAbove: ptr[int64](-1)}, "r", "coin.update.negative"},
			{Change{DustFloor: ptr[int64](-1)}, "r", "coin.update.negative"},
			{Change{WithdrawFee: ptr[int64](1000)}, "r", "coin.update.feeNotBelowMinimum"},
			{Change{PayoutConfirmations: ptr(1001)}, "r", "coin.update.confirmationsRange"},
			{Change{StratumPorts: &[]int{70000}}, "r", "coin.update.portRange"},
			{Change{StratumPorts: &[]int{4333}}, "r", "coin.update.portTwice"},
			{Change{StratumPorts: &[]int{3334}}, "r", "coin.update.portInUse"},
			{Change{SoloPorts: &[]int{4334}}, "r", "coin.update.portInUse"},
			{Change{ClosedMsg: map[string]string{"fr_FR": "fermé"}}, "r", "coin.update.closedLanguage"},
			{Change{ClosedMsg: map[string]string{"en_US": "a\u202eb"}}, "r", "coin.update.closedUnsafe"},
			{Change{MinWithdraw: ptr[int64](1000)}, "r", "coin.update.unchanged"},
		}
		for _, c := range cases {
			_, err := s.Update(ctx, owner, "LTC", c.change.Apply, c.reason)
			var he *httpx.Error
			if !errors.As(err, &he) || he.Key != c.key {
				t.Errorf("%+v: %v, want %s", c.change, err, c.key)
			}
		}
		if _, err := s.Update(ctx, owner, "DOGE", Change{Open: ptr(false)}.Apply, "r"); err == nil || !strings.Contains(err.Error(), "coin.unknown") {
			t.Errorf("unknown coin: %v", err)
		}
		if now, _ := s.Get(ctx, "LTC"); !reflect.DeepEqual(now, was) {
			t.Fatalf("a refused change changed the coin:\n%+v\n%+v", was, now)
		}
		if rows := auditRows(t, d); len(rows) != 0 {
			t.Fatalf("refusals were audited: %v", rows)
		}
	})
}

// A change is written with its audit entry, before and after; a fee or PPS change is
// pending until the next settlement day (Beijing) and in force from it.
func TestUpdateAuditsAndMovesTermsToTheNextDay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 2, 10, 17, 0, 0, 0, time.UTC) // 01:00 on the 11th in Beijing
		s := testCoins(t, d, now)
		owner := audit.Actor{Email: "owner@example.com", Addr: "127.0.0.1"}
		res, err := s.Update(ctx, owner, "LTC", Change{Open: ptr(false), FeeBps: ptr(250), PPSTxFees: ptr(true), MinWithdraw: ptr[int64](2000),
			StratumPorts: &[]int{3335}}.Apply, "fee review")
		if err != nil {
			t.Fatal(err)
		}
		c := res.Coin
		if res.TermsFrom != "2026-02-12" || c.OpenStatus || c.MinWithdraw != 2000 || c.StratumPorts[0] != 3335 || c.FeeBps != 100 || c.PPSTxFees ||
			c.Pending == nil || *c.Pending != (Terms{FeeBps: 250, PPSTxFees: true, From: "2026-02-12"}) {
			t.Fatalf("updated %+v, terms from %s", c, res.TermsFrom)
		}
		rows := auditRows(t, d)
		if len(rows) != 1 || rows[0]["actor"] != "owner@example.com" || rows[0]["action"] != "coin.update" || rows[0]["object"] != "coin:LTC" ||
			rows[0]["reason"] != "fee review" {
			t.Fatalf("audit %v", rows)
		}
		var before, after Settings
		if json.Unmarshal([]byte(rows[0]["before"]), &before) != nil || json.Unmarshal([]byte(rows[0]["after"]), &after) != nil ||
			!before.Open || before.MinWithdraw != "0.00001000" || before.Pending != nil ||
			after.Open || after.MinWithdraw != "0.00002000" || after.FeeBps != 100 || after.Pending == nil || after.Pending.FeeBps != 250 {
			t.Fatalf("before %+v after %+v", before, after)
		}
		// A second change the same day replaces the pending one, starting from it.
		if res, err = s.Update(ctx, owner, "LTC", Change{FeeBps: ptr(300)}.Apply, "again"); err != nil || res.Coin.Pending.FeeBps != 300 || !res.Coin.Pending.PPSTxFees {
			t.Fatalf("second change %+v %v", res, err)
		}
		// On the 12th the new terms are in force.
		next := &Store{DB: d, Now: func() time.Time { return now.Add(24 * time.Hour) }}
		c, _ = next.Get(ctx, "LTC")
		if c.FeeBps != 300 || !c.PPSTxFees || c.Pending != nil {
			t.Fatalf("next day %+v", c)
		}
		list, _ := s.List(ctx)
		if list[0].Type != "BTC" && list[1].Pending == nil {
			t.Fatalf("list without the pending change: %+v", list)
		}
	})
}

// coin set is the same service, audited as cli, and needs a reason.
func TestCoinSetIsAuditedAsCLI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := testCoins(t, d, time.Now())
		var out bytes.Buffer
		if err := s.Admin(ctx, []string{"set", "LTC", "--fee-bps", "300"}, &out); err == nil || !strings.Contains(err.Error(), "reason") {
			t.Fatalf("no reason: %v", err)
		}
		if err := s.Admin(ctx, []string{"set", "LTC", "--ports", "3334", "--reason", "move"}, &out); err == nil || !strings.Contains(err.Error(), "3334") {
			t.Fatalf("port clash: %v", err)
		}
		if rows := auditRows(t, d); len(rows) != 0 {
			t.Fatalf("refusals audited: %v", rows)
		}
		if err := s.Admin(ctx, []string{"set", "LTC", "--fee-bps", "300", "--dust-floor", "10000", "--reason", "fee review"}, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "from the settlement day "+NextDay(DayOf(time.Now()))) {
			t.Fatalf("answer %q does not say from which day", out.String())
		}
		rows := auditRows(t, d)
		if len(rows) != 1 || rows[0]["actor"] != audit.ActorCLI || rows[0]["action"] != "coin.update" || rows[0]["reason"] != "fee review" {
			t.Fatalf("audit %v", rows)
		}
		if c, _ := s.Get(ctx, "LTC"); c.DustFloor != 10_000 || c.FeeBps != 100 || c.Pending == nil || c.Pending.FeeBps != 300 {
			t.Fatalf("stored %+v", c)
		}
	})
}

// A stratum process's clock of terms answers each share's day: the coin's own terms
// until a schedule exists, then the day's.
func TestTermsClock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 2, 10, 4, 0, 0, 0, time.UTC)
		s := testCoins(t, d, now)
		base, _ := s.Get(ctx, "LTC")
		tc := &TermsClock{DB: d, Coin: "LTC", Base: base}
		if err := tc.Load(ctx); err != nil {
			t.Fatal(err)
		}
		if fee, tx := tc.At(now); fee != 100 || tx {
			t.Fatalf("before any change: %d %v", fee, tx)
		}
		if _, err := s.Update(ctx, audit.CLI, "LTC", Change{FeeBps: ptr(0), PPSTxFees: ptr(true)}.Apply, "promotion"); err != nil {
			t.Fatal(err)
		}
		if err := tc.Load(ctx); err != nil {
			t.Fatal(err)
		}
		tomorrow := time.Date(2026, 2, 10, 16, 0, 0, 0, time.UTC) // 00:00 on the 11th in Beijing
		if fee, tx := tc.At(tomorrow.Add(-time.Second)); fee != 100 || tx {
			t.Fatalf("the day of the change: %d %v", fee, tx)
		}
		if fee, tx := tc.At(tomorrow); fee != 0 || !tx {
			t.Fatalf("the next day: %d %v", fee, tx)
		}
	})
}

// coin add is audited as cli too (coin.add, the coin after), its reason optional; a port
// another coin listens on is refused and writes nothing.
func TestCoinAddIsAuditedAsCLI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := testCoins(t, d, time.Now())
		var out bytes.Buffer
		if err := s.Admin(ctx, []string{"add", "DOGE", "--name", "Dogecoin", "--algorithm", "scrypt", "--solo-ports", "4333"}, &out); err == nil ||
			!strings.Contains(err.Error(), "4333") {
			t.Fatalf("port clash: %v", err)
		}
		if rows := auditRows(t, d); len(rows) != 0 {
			t.Fatalf("refusal audited: %v", rows)
		}
		if err := s.Admin(ctx, []string{"add", "DOGE", "--name", "Dogecoin", "--algorithm", "scrypt", "--ports", "3340", "--reason", "listing"}, &out); err != nil {
			t.Fatal(err)
		}
		rows := auditRows(t, d)
		if len(rows) != 1 || rows[0]["actor"] != audit.ActorCLI || rows[0]["action"] != "coin.add" || rows[0]["object"] != "coin:DOGE" ||
			rows[0]["reason"] != "listing" || rows[0]["before"] != "" || !strings.Contains(rows[0]["after"], `"stratumPorts":[3340]`) {
			t.Fatalf("audit %v", rows)
		}
	})
}
