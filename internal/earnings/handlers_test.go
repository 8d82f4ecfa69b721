package earnings_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/pool"
)

type env struct {
	t     *testing.T
	d     *db.DB
	srv   *httptest.Server
	alice accounttest.User
	bob   accounttest.User
}

func newEnv(t *testing.T, d *db.DB, now time.Time) *env {
	ctx := context.Background()
	cs := &coin.Store{DB: d}
	c := ltc
	c.Name, c.AliasName, c.ChainUnit, c.MinHashUnit, c.SettleModel, c.Driver, c.OpenStatus, c.FeeBps = "Litecoin", "LTC", "LTC", "KH/s", coin.SettleModelPPS, coin.DriverDevnet, true, 200
	if err := cs.Put(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := (&market.Prices{DB: d}).Set(ctx, "LTC", market.USD, market.ToMicros(88.5), "test"); err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, d: d, alice: accounttest.NewUser(t, d, "alice@example.com", "", now), bob: accounttest.NewUser(t, d, "bob@example.com", "", now)}
	ps := &pool.Store{DB: d, HoldsMoney: earnings.HoldsMoney}
	for _, s := range []struct {
		user int64
		code string
	}{{e.alice.ID, "alice_a"}, {e.alice.ID, "alice_b"}, {e.bob.ID, "bob_a"}} {
		if _, err := ps.CreateSubAccount(ctx, s.user, s.code, "Farm", "LTC"); err != nil {
			t.Fatal(err)
		}
	}
	svc := &account.Service{Store: &account.Store{DB: d}, Now: func() time.Time { return now }}
	rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
	(&earnings.Handler{Store: &earnings.Store{DB: d}, Pool: ps, Coins: cs, Prices: &market.Prices{DB: d},
		User: (&account.Handler{Service: svc}).RequireUser, Now: func() time.Time { return now }}).Routes(rt)
	e.srv = httptest.NewServer(rt)
	t.Cleanup(e.srv.Close)
	return e
}

func (e *env) sub(code string) (id, user int64) {
	e.t.Helper()
	if err := e.d.QueryRow(context.Background(), "SELECT id, user_id FROM sub_accounts WHERE code = ?", code).Scan(&id, &user); err != nil {
		e.t.Fatal(err)
	}
	return
}

func (e *env) get(token, path string, want int, out any) string {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
	req.Header.Set("x-token", token)
	req.Header.Set("language", "en_US")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		e.t.Fatalf("GET %s: %d, want %d: %s", path, resp.StatusCode, want, raw)
	}
	if out != nil {
		var env struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(raw, &env); err != nil {
			e.t.Fatal(err)
		}
		if err := json.Unmarshal(env.Data, out); err != nil {
			e.t.Fatalf("%s: %v", raw, err)
		}
	}
	return string(raw)
}

// A miner sees their own sub-accounts' earnings and balances, to the unit the ledger
// booked, and nothing of anyone else's: another user's sub-account answers not found.
func TestEarningsCallsShowOwnFiguresOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		now := time.Date(2026, 7, 10, 9, 0, 0, 0, earnings.Beijing()) // after 08:00: the 9th is settled
		e := newEnv(t, d, now)
		a, au := e.sub("alice_a")
		b, _ := e.sub("alice_b")
		x, xu := e.sub("bob_a")
		ctx := context.Background()
		settled := earnings.Day("2026-07-09")
		rows := []earnings.Accrual{
			// alice_a: half a 6.25 LTC block at 2% on the 9th, 0.1 block today (settling).
			{SubAccountID: a, UserID: au, Coin: "LTC", Minute: settled.Start().Add(time.Hour).UnixMilli(), Reward: 625_000_000, FeeBps: 200, RatioSum: 0.5, DiffSum: 1, Accepted: 1},
			{SubAccountID: a, UserID: au, Coin: "LTC", Minute: now.Add(-time.Hour).Truncate(time.Minute).UnixMilli(), Reward: 625_000_000, FeeBps: 200, RatioSum: 0.1, DiffSum: 1, Accepted: 1},
			// alice_b: a quarter block on the 9th.
			{SubAccountID: b, UserID: au, Coin: "LTC", Minute: settled.Start().Add(2 * time.Hour).UnixMilli(), Reward: 625_000_000, FeeBps: 200, RatioSum: 0.25, DiffSum: 1, Accepted: 1},
			// bob: a whole block, which alice must never see.
			{SubAccountID: x, UserID: xu, Coin: "LTC", Minute: settled.Start().Add(3 * time.Hour).UnixMilli(), Reward: 625_000_000, FeeBps: 200, RatioSum: 1, DiffSum: 1, Accepted: 1},
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error { return earnings.AddAccruals(ctx, tx, rows) }); err != nil {
			t.Fatal(err)
		}
		c, _ := (&coin.Store{DB: d}).Get(ctx, "LTC")
		if _, err := (&earnings.Store{DB: d}).Due(ctx, []coin.Coin{c}, now); err != nil {
			t.Fatal(err)
		}

		var sum []struct {
			Coin, Yesterday, Settling, Total string
			SubAccounts                      []struct{ SubAccount, Yesterday, Settling string }
		}
		e.get(e.alice.Token, "/api/pc/v1/earnings/summary", 200, &sum)
		// 0.5 + 0.25 of 6.125 LTC: 4.59375; settling 0.1 x 6.125 = 0.6125.
		if len(sum) != 1 || sum[0].Yesterday != "4.59375000" || sum[0].Total != "4.59375000" || sum[0].Settling != "0.61250000" || len(sum[0].SubAccounts) != 2 {
			t.Fatalf("alice's summary %+v", sum)
		}
		e.get(e.alice.Token, "/api/pc/v1/earnings/summary?subAccount=alice_b", 200, &sum)
		if sum[0].Total != "1.53125000" || sum[0].Settling != "0.00000000" {
			t.Fatalf("alice_b's summary %+v", sum)
		}
		for _, path := range []string{
			"/api/pc/v1/earnings/summary?subAccount=bob_a",
			"/api/pc/v1/earnings/days?coin=LTC&subAccount=bob_a",
			"/api/pc/v1/earnings/day?coin=LTC&day=2026-07-09&subAccount=bob_a",
			"/api/pc/v1/earnings/audit?coin=LTC&day=2026-07-09&subAccount=bob_a",
			"/api/pc/v1/assets/overview?subAccount=bob_a",
			"/api/pc/v1/assets/entries?coin=LTC&subAccount=bob_a",
		} {
			if body := e.get(e.alice.Token, path, 404, nil); strings.Contains(body, "bob") && !strings.Contains(body, "sub-account") {
				t.Fatalf("%s leaks: %s", path, body)
			}
		}
		var days struct {
			Rows []struct {
				Day, Amount string
				Settling    bool
			}
			Total int
		}
		e.get(e.alice.Token, "/api/pc/v1/earnings/days?coin=LTC", 200, &days)
		if days.Total != 2 || !days.Rows[0].Settling || days.Rows[0].Amount != "0.61250000" || days.Rows[1].Day != "2026-07-09" || days.Rows[1].Amount != "4.59375000" {
			t.Fatalf("alice's days %+v", days)
		}
		var assets []struct{ Coin, Available, Earned, FiatValue string }
		e.get(e.alice.Token, "/api/pc/v1/assets/overview", 200, &assets)
		// 4.59375 LTC at $88.50 = $406.546875, shown rounded down to cents.
		if len(assets) != 1 || assets[0].Available != "4.59375000" || assets[0].Earned != "4.59375000" || assets[0].FiatValue != "406.54" {
			t.Fatalf("alice's assets %+v", assets)
		}
		var entries struct {
			Rows  []struct{ SubAccount, Amount, Kind string }
			Total int
		}
		e.get(e.alice.Token, "/api/pc/v1/assets/entries?coin=LTC", 200, &entries)
		if entries.Total != 2 || entries.Rows[0].Kind != "earning" {
			t.Fatalf("alice's journal %+v", entries)
		}
		e.get(e.bob.Token, "/api/pc/v1/assets/overview", 200, &assets)
		if assets[0].Available != "6.12500000" {
			t.Fatalf("bob's assets %+v", assets)
		}
		csv := e.get(e.alice.Token, "/api/pc/v1/earnings/audit?coin=LTC&day=2026-07-09&subAccount=alice_a", 200, nil)
		if !strings.Contains(csv, "306250000") {
			t.Fatalf("audit of alice_a: %s", csv)
		}
	})
}

// A sub-account holding money, or earnings still settling, cannot be deleted: its money
// would have nobody to withdraw it. Once it holds nothing it can.
func TestSubAccountWithMoneyIsNotDeleted(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		now := time.Date(2026, 7, 10, 9, 0, 0, 0, earnings.Beijing())
		e := newEnv(t, d, now)
		ctx := context.Background()
		ps := &pool.Store{DB: d, HoldsMoney: earnings.HoldsMoney}
		a, au := e.sub("alice_a")
		refused := func(code string) bool {
			t.Helper()
			_, err := ps.DeleteSubAccount(ctx, e.alice.ID, code)
			var he *httpx.Error
			if err != nil && (!errors.As(err, &he) || he.Key != "pool.subAccountHasMoney") {
				t.Fatalf("delete %s: %v", code, err)
			}
			return err != nil
		}
		// Settling: an accrual of today.
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			return earnings.AddAccruals(ctx, tx, []earnings.Accrual{{SubAccountID: a, UserID: au, Coin: "LTC", Minute: now.Add(-time.Hour).Truncate(time.Minute).UnixMilli(),
				Reward: 625_000_000, FeeBps: 200, RatioSum: 0.1, DiffSum: 1, Accepted: 1}})
		}); err != nil {
			t.Fatal(err)
		}
		if !refused("alice_a") {
			t.Fatal("a sub-account with settling earnings was deleted")
		}
		// Settled into its balance.
		c, _ := (&coin.Store{DB: d}).Get(ctx, "LTC")
		if _, err := (&earnings.Store{DB: d}).SettleThrough(ctx, c, earnings.DayOf(now), now.Add(24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if !refused("alice_a") {
			t.Fatal("a sub-account with a balance was deleted")
		}
		// Nothing held: deleted.
		if refused("alice_b") {
			t.Fatal("an empty sub-account was refused")
		}
	})
}
