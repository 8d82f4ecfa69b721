package opsusers_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ops/opstest"
	"github.com/uniplus-pool/pool/internal/ops/opsusers"
	"github.com/uniplus-pool/pool/internal/twofactor"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

type fixture struct {
	d       *db.DB
	area    *opsusers.Area
	console *opstest.Env
	user    accounttest.User
	sub     int64 // the user's sub-account
}

// newFixture is a user with a sub-account, a device, a withdrawal address and a session,
// and the console serving the users area.
func newFixture(t *testing.T, d *db.DB) fixture {
	t.Helper()
	ctx := context.Background()
	now := time.Now()
	coins := &coin.Store{DB: d}
	if err := coins.Put(ctx, coin.Coin{Type: "TST", Name: "Test", AliasName: "TST", Algorithm: "sha256d", ChainUnit: "TST", MinHashUnit: "H/s",
		Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverDevnet, MinWithdraw: 1000}); err != nil {
		t.Fatal(err)
	}
	u := accounttest.NewUser(t, d, "miner@example.com", "", now)
	var sub int64
	if err := d.QueryRow(ctx, `INSERT INTO sub_accounts (user_id, code, alias, default_coin, uniplus_hash, created_at, updated_at)
		VALUES (?, 'minerone', 'Farm A', 'TST', 'UP-1', 0, 0) RETURNING id`, u.ID).Scan(&sub); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(ctx, `INSERT INTO devices (sub_account_id, coin, worker, kind, bound, status, first_seen_at, last_seen_at, created_at, updated_at)
		VALUES (?, 'TST', 'minerone.rig7', 'asic', TRUE, 'normal', 0, 0, 0, 0)`, sub); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(ctx, `INSERT INTO withdraw_addresses (user_id, coin, address, network, description, usable_at, created_at, updated_at)
		VALUES (?, 'TST', 'tst1qexampleaddress', 'TST', 'cold', ?, 0, 0)`, u.ID, now.Add(time.Hour).UnixMilli()); err != nil {
		t.Fatal(err)
	}
	area := &opsusers.Area{DB: d, Accounts: &account.Store{DB: d}, TwoFactor: &twofactor.Service{DB: d},
		Withdrawals: &withdraw.Store{DB: d, Coins: coins}}
	return fixture{d: d, area: area, console: opstest.New(t, d, area.Routes()), user: u, sub: sub}
}

// Every way to find a user finds them, and only them.
func TestSearch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		accounttest.NewUser(t, d, "other@example.com", "", time.Now())
		viewer := f.console.Operator(ops.RoleViewer)
		for q, matched := range map[string]string{
			"MINER@example.com": "email", f.user.UID: "uid", "minerone": "subAccount", "Farm A": "subAccount",
			"minerone.rig7": "worker", "tst1qexampleaddress": "address",
		} {
			a := viewer.Do("GET", "/ops/api/v1/users?q="+urlQuery(q), nil)
			var page struct {
				Items []opsusers.Summary `json:"items"`
			}
			a.Into(t, &page)
			if a.Status != 200 || len(page.Items) != 1 || page.Items[0].ID != f.user.ID || page.Items[0].Matched != matched {
				t.Errorf("search %q: %d %s", q, a.Status, a.Body)
			}
		}
		if a := viewer.Do("GET", "/ops/api/v1/users?q=nobody", nil); a.Status != 200 || string(a.Data) != `{"items":[]}` {
			t.Errorf("search for nobody: %s", a.Body)
		}
	})
}

// The start of an email finds every user whose email starts so, in any case, after the
// exact matches and at most MaxResults of them; fewer than three characters, or a
// wildcard of SQL's LIKE, finds nobody by prefix.
func TestSearchByEmailPrefix(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		now := time.Now()
		accounttest.NewUser(t, d, "minerva@example.com", "", now)
		accounttest.NewUser(t, d, "mi_ner@example.com", "", now)
		accounttest.NewUser(t, d, "other@example.com", "", now)
		for i := range opsusers.MaxResults + 5 {
			accounttest.NewUser(t, d, fmt.Sprintf("bulk%02d@example.com", i), "", now)
		}
		viewer := f.console.Operator(ops.RoleViewer)
		search := func(q string) []opsusers.Summary {
			t.Helper()
			a := viewer.Do("GET", "/ops/api/v1/users?q="+urlQuery(q), nil)
			var page struct {
				Items []opsusers.Summary `json:"items"`
			}
			a.Into(t, &page)
			if a.Status != 200 {
				t.Fatalf("search %q: %d %s", q, a.Status, a.Body)
			}
			return page.Items
		}
		emails := func(list []opsusers.Summary) string {
			var out []string
			for _, s := range list {
				out = append(out, s.Email+"/"+s.Matched)
			}
			return fmt.Sprint(out)
		}
		if got := emails(search("MINER")); got != "[miner@example.com/emailPrefix minerva@example.com/emailPrefix]" {
			t.Errorf("MINER: %s", got)
		}
		if got := emails(search("miner@example.com")); got != "[miner@example.com/email]" {
			t.Errorf("an exact email: %s", got)
		}
		if got := emails(search("mi_")); got != "[mi_ner@example.com/emailPrefix]" {
			t.Errorf("mi_ (the _ is plain): %s", got)
		}
		for _, q := range []string{"mi", "%%%", "___"} {
			if got := search(q); len(got) != 0 {
				t.Errorf("%q found %s", q, emails(got))
			}
		}
		if got := search("bulk"); len(got) != opsusers.MaxResults {
			t.Errorf("bulk: %d users, want %d", len(got), opsusers.MaxResults)
		}
		// A uid that starts like emails is listed first, as what it matched.
		if got := search(f.user.UID); len(got) != 1 || got[0].Matched != "uid" {
			t.Errorf("uid: %s", emails(got))
		}
	})
}

func urlQuery(s string) string {
	out := ""
	for _, r := range s {
		if r == ' ' {
			out += "%20"
		} else {
			out += string(r)
		}
	}
	return out
}

// A user's page, and the actions of support: each needs a reason, each changes the
// user and is in the audit log with before and after; a viewer may read but not act.
func TestUserPageAndActions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		support, viewer := f.console.Operator(ops.RoleSupport), f.console.Operator(ops.RoleViewer)
		path := fmt.Sprintf("/ops/api/v1/users/%d", f.user.ID)
		// An earning, so that the page has a balance and a ledger row, in minor units with
		// the coin's decimals beside them.
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			_, err := ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: f.sub, UserID: f.user.ID, Coin: "TST", Kind: ledger.KindEarning,
				Available: 125000000, Earned: 125000000, IdemKey: "page", Ref: "page", At: time.Now()}})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		var p opsusers.Page
		a := viewer.Do("GET", path, nil)
		a.Into(t, &p)
		if a.Status != 200 || p.User.Email != "miner@example.com" || len(p.SubAccounts) != 1 || len(p.SubAccounts[0].Devices) != 1 ||
			len(p.Addresses) != 1 || !p.Addresses[0].Locked || len(p.Sessions) != 1 || p.TwoFactor.Enabled || p.Freeze.Frozen ||
			len(p.Balances) != 1 || p.Balances[0].Available != 125000000 || len(p.Ledger) != 1 || p.Decimals["TST"] != 8 || len(p.Decimals) != 1 {
			t.Fatalf("page: %d %s", a.Status, a.Body)
		}
		if a := viewer.Do("GET", "/ops/api/v1/users/999999", nil); a.Status != 404 {
			t.Fatalf("no such user: %d %s", a.Status, a.Body)
		}
		if a := viewer.Do("POST", path+"/freeze", map[string]string{"what": "withdrawals", "reason": "x"}); a.Status != 403 || a.ErrorCode() != "ops.forbidden" {
			t.Fatalf("a viewer freezes: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path+"/freeze", map[string]string{"what": "withdrawals"}); a.Status != 400 || a.ErrorCode() != "account.admin.reasonRequired" {
			t.Fatalf("freeze without a reason: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path+"/freeze", map[string]string{"what": "withdrawals", "reason": "chargeback"}); a.Status != 200 {
			t.Fatalf("freeze withdrawals: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path+"/freeze", map[string]string{"what": "account", "reason": "chargeback"}); a.Status != 200 {
			t.Fatalf("freeze the account: %d %s", a.Status, a.Body)
		}
		if fr, _ := account.FreezeOf(ctx, d, f.user.ID); !fr.Frozen || !fr.WithdrawalsFrozen {
			t.Fatalf("freezes: %+v", fr)
		}
		// The account's freeze ended its session.
		if _, err := (&account.Store{DB: d}).SessionUser(ctx, f.user.Token, time.Now()); err == nil {
			t.Fatal("a frozen account's session still works")
		}
		if a := support.Do("POST", path+"/unfreeze", map[string]string{"what": "account", "reason": "paid back"}); a.Status != 200 {
			t.Fatalf("unfreeze: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path+"/end-sessions", map[string]string{"reason": "asked by the owner"}); a.Status != 200 {
			t.Fatalf("end sessions: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path+"/reset-2fa", map[string]string{"reason": "lost phone"}); a.Status != 200 {
			t.Fatalf("reset 2fa: %d %s", a.Status, a.Body)
		}
		rows, err := ops.ListAudit(ctx, d, ops.AuditFilter{Object: fmt.Sprintf("user:%d", f.user.ID)})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"user.2fa.reset", "user.sessions.end", "user.unfreeze.account", "user.freeze.account", "user.freeze.withdrawals"}
		if len(rows) != len(want) {
			t.Fatalf("audit log: %+v", rows)
		}
		for i, r := range rows {
			if r.Action != want[i] || r.Actor != "support@ops.example.com" || r.OperatorID == nil || r.Reason == "" ||
				string(r.Before) == "null" || string(r.After) == "null" {
				t.Errorf("entry %d: %+v, want %s", i, r, want[i])
			}
		}
	})
}
