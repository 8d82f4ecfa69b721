package pool_test

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/pool"
)

type subView struct {
	Code             string
	Alias            string
	DefaultCoin      string
	DeviceCount      int
	OnlineCount      int
	RealTimeHashRate hashrate.Rate
	DayHashRate      hashrate.Rate
	AddTime          int64
	Counts           pool.Counts
	Accepted         int64
}

func TestSubAccountCalls(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		const create = "/api/pc/v1/pool/subaccount/create"

		// Bad input creates nothing.
		for _, c := range []struct {
			body   any
			status int
			msg    string
		}{
			{map[string]any{"alias": "Farm", "defaultCoin": "BTC"}, 400, msg("validation.required", "field", "pool.field.code")},
			{map[string]any{"code": "Alice", "alias": "Farm", "defaultCoin": "BTC"}, 400, msg("pool.badCode")},
			{map[string]any{"code": "1alice", "alias": "Farm", "defaultCoin": "BTC"}, 400, msg("pool.badCode")},
			{map[string]any{"code": "ab", "alias": "Farm", "defaultCoin": "BTC"}, 400, msg("pool.badCode")},
			{map[string]any{"code": strings.Repeat("a", 21), "alias": "Farm", "defaultCoin": "BTC"}, 400, msg("pool.badCode")},
			{map[string]any{"code": "al-ice", "alias": "Farm", "defaultCoin": "BTC"}, 400, msg("pool.badCode")},
			{map[string]any{"code": "alice", "alias": " ", "defaultCoin": "BTC"}, 400, msg("validation.required", "field", "pool.field.alias")},
			{map[string]any{"code": "alice", "alias": strings.Repeat("矿", 21), "defaultCoin": "BTC"}, 400, msg("validation.tooLong", "field", "pool.field.alias", "max", "20")},
			{map[string]any{"code": "alice", "alias": "farm!", "defaultCoin": "BTC"}, 400, msg("pool.badAlias")},
			{map[string]any{"code": "alice", "alias": "Farm"}, 400, msg("validation.required", "field", "pool.field.defaultCoin")},
			{map[string]any{"code": "alice", "alias": "Farm", "defaultCoin": "DOGE"}, 400, msg("pool.coinNotFound", "coin", "DOGE")},
			{map[string]any{"code": "alice", "alias": "Farm", "defaultCoin": "KAS"}, 400, msg("pool.coinClosedMsg", "coin", "KAS", "message", "Kaspa is paused for an upgrade.")},
			{map[string]any{"code": 12, "alias": "Farm", "defaultCoin": "BTC"}, 400, msg("validation.invalid", "field", "pool.field.code")},
			{`{"code": "alice"`, 400, msg("error.badJSON")},
		} {
			h.want(h.post(create, h.alice, c.body), c.status, 3, c.msg)
		}
		if subs, _ := h.store.SubAccounts(h.ctx, h.alice.ID); len(subs) != 0 {
			t.Fatalf("bad input created %d sub-accounts", len(subs))
		}
		h.want(h.post(create, user{}, map[string]any{"code": "alice", "alias": "Farm", "defaultCoin": "BTC"}), 401, 4, "")

		var alice struct {
			subView
			UniplusID string
		}
		h.data(h.post(create, h.alice, map[string]any{"code": "alice", "alias": " 矿场 A-1_x ", "defaultCoin": "BTC"}), &alice)
		v := alice.subView
		if v.Code != "alice" || v.Alias != "矿场 A-1_x" || v.DefaultCoin != "BTC" || v.AddTime != h.clock.Now().UnixMilli() || v.RealTimeHashRate.Unit != "H/s" {
			t.Fatalf("created %+v", v)
		}
		// Codes are unique across the pool.
		h.want(h.post(create, h.bob, map[string]any{"code": "alice", "alias": "Mine", "defaultCoin": "BTC"}), 400, 3, msg("pool.codeTaken"))

		// At most 50 a user.
		for i := 2; i <= pool.MaxSubAccounts; i++ {
			h.sub(h.alice, fmt.Sprintf("alice%02d", i), "LTC")
		}
		h.want(h.post(create, h.alice, map[string]any{"code": "alice51", "alias": "One more", "defaultCoin": "BTC"}), 400, 3,
			msg("pool.tooManySubAccounts", "max", "50"))

		// List and detail, with devices and shares of the default coin only.
		dev := h.connect("BTC", "alice.rig1", "lolMiner 1.76")
		h.connect("LTC", "alice.rig2", "lolMiner 1.76")
		h.shares(dev, 15, 60)
		var list []subView
		h.data(h.get("/api/pc/v1/pool/subaccount/list", h.alice, nil), &list)
		if len(list) != 50 || list[0].Code != "alice" || list[0].DeviceCount != 2 || list[0].OnlineCount != 2 ||
			list[0].RealTimeHashRate.Show != "4.29" || list[0].RealTimeHashRate.Unit != "GH/s" || list[1].DeviceCount != 0 {
			t.Fatalf("list %d: %+v", len(list), list[0])
		}
		h.data(h.get("/api/pc/v1/pool/subaccount/list", h.bob, nil), &list)
		if len(list) != 0 {
			t.Fatalf("bob sees %d sub-accounts", len(list))
		}
		h.data(h.get("/api/pc/v1/pool/subaccount/detail", h.alice, url.Values{"code": {"alice"}}), &v)
		if v.Counts.Total != 2 || v.Counts.Normal != 2 || v.Counts.Bound != 2 || v.Accepted != 900 || v.DayHashRate.Show != "44.74" || v.DayHashRate.Unit != "MH/s" {
			t.Fatalf("detail %+v", v)
		}
		notFound := msg("pool.subAccountNotFound")
		for _, c := range []struct {
			u      user
			code   string
			status int
			msg    string
		}{
			{h.bob, "alice", 404, notFound}, // someone else's answers like a missing one
			{h.alice, "nobody", 404, notFound},
			{h.alice, "", 400, msg("validation.required", "field", "pool.field.code")},
		} {
			h.want(h.get("/api/pc/v1/pool/subaccount/detail", c.u, url.Values{"code": {c.code}}), c.status, 3, c.msg)
			h.want(h.get("/api/pc/v1/pool/subaccount/uniplus", c.u, url.Values{"code": {c.code}}), c.status, 3, c.msg)
			h.want(h.post("/api/pc/v1/pool/subaccount/rename", c.u, map[string]any{"code": c.code, "alias": "x"}), c.status, 3, c.msg)
			h.want(h.post("/api/pc/v1/pool/subaccount/coin", c.u, map[string]any{"code": c.code, "coin": "LTC"}), c.status, 3, c.msg)
			h.want(h.post("/api/pc/v1/pool/subaccount/uniplus/regenerate", c.u, map[string]any{"code": c.code}), c.status, 3, c.msg)
		}

		// Rename.
		h.want(h.post("/api/pc/v1/pool/subaccount/rename", h.alice, map[string]any{"code": "alice", "alias": "a/b"}), 400, 3, msg("pool.badAlias"))
		h.want(h.post("/api/pc/v1/pool/subaccount/rename", h.alice, map[string]any{"code": "alice", "alias": ""}), 400, 3,
			msg("validation.required", "field", "pool.field.alias"))
		h.want(h.post("/api/pc/v1/pool/subaccount/rename", h.alice, map[string]any{"code": "ALICE", "alias": "North farm"}), 200, 0, "")
		if a, _ := h.store.SubAccount(h.ctx, h.alice.ID, "alice"); a.Alias != "North farm" {
			t.Fatalf("alias %q", a.Alias)
		}

		// Default coin: open coins that allow the switch.
		for _, c := range []struct {
			coin, msg string
		}{
			{"", msg("validation.required", "field", "pool.field.coin")},
			{"DOGE", msg("pool.coinNotFound", "coin", "DOGE")},
			{"KAS", msg("pool.coinClosedMsg", "coin", "KAS", "message", "Kaspa is paused for an upgrade.")},
			{"ALEO", msg("pool.coinNoChange", "coin", "ALEO")},
		} {
			h.want(h.post("/api/pc/v1/pool/subaccount/coin", h.alice, map[string]any{"code": "alice", "coin": c.coin}), 400, 3, c.msg)
		}
		h.want(h.post("/api/pc/v1/pool/subaccount/coin", h.alice, map[string]any{"code": "alice", "coin": "LTC"}), 200, 0, "")
		h.data(h.get("/api/pc/v1/pool/subaccount/detail", h.alice, url.Values{"code": {"alice"}}), &v)
		if v.DefaultCoin != "LTC" || v.Accepted != 0 {
			t.Fatalf("after the switch %+v", v)
		}

		// Connect strings and the Uniplus ID's prefix (the ID itself was shown at creation
		// only; uniplus_test.go); regenerating shows a new one and retires the old at once.
		var up struct {
			UniplusID                                            *string
			UniplusPrefix, StratumURL, WorkerName, WorkerExample string
			StratumURLs                                          []string
		}
		h.data(h.get("/api/pc/v1/pool/subaccount/uniplus", h.alice, url.Values{"code": {"alice"}}), &up)
		if up.UniplusID != nil || !regexp.MustCompile(`^UP-[0-9a-f]{4}$`).MatchString(up.UniplusPrefix) || up.StratumURL != "stratum+tcp://pool.example.com:3340" ||
			up.WorkerName != "alice.{worker}" || up.WorkerExample != "alice.rig01" || len(up.StratumURLs) != 1 {
			t.Fatalf("uniplus %+v", up)
		}
		a, _ := h.store.SubAccount(h.ctx, h.alice.ID, "alice")
		old := alice.UniplusID
		h.want(h.agent(old, goodReport("rig1")), 200, 0, "")
		h.data(h.post("/api/pc/v1/pool/subaccount/uniplus/regenerate", h.alice, map[string]any{"code": "alice"}), &up)
		if up.UniplusID == nil || *up.UniplusID == old || !regexp.MustCompile(`^UP-[0-9a-f]{64}$`).MatchString(*up.UniplusID) ||
			up.UniplusPrefix != (*up.UniplusID)[:pool.UniplusPrefixLen] || a.UniplusPrefix != old[:pool.UniplusPrefixLen] {
			t.Fatalf("regenerated %+v from %q", up, old)
		}
		h.want(h.agent(old, goodReport("rig1")), 401, 4, msg("pool.agentUnauthorized"))
		h.want(h.agent(*up.UniplusID, goodReport("rig1")), 200, 0, "")
	})
}

// Creates at the same moment cannot both pass the count: the store locks the user
// (account.Store.LockUser) before counting, so one of them takes the last place and the
// others are refused. Without the lock PostgreSQL lets two through only now and then (a
// race); account's TestLockUserSerialisesTransactions pins the lock itself.
func TestConcurrentCreatesKeepTheLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		for i := 1; i < pool.MaxSubAccounts; i++ {
			h.sub(h.alice, fmt.Sprintf("alice%02d", i), "LTC")
		}
		const racers = 10
		errs := make(chan error, racers)
		start := make(chan struct{})
		for i := 0; i < racers; i++ {
			go func() {
				<-start
				_, err := h.store.CreateSubAccount(h.ctx, h.alice.ID, fmt.Sprintf("racer%d", i), "Race", "BTC")
				errs <- err
			}()
		}
		close(start)
		created, refused := 0, 0
		for i := 0; i < racers; i++ {
			var he *httpx.Error
			switch err := <-errs; {
			case err == nil:
				created++
			case errors.As(err, &he) && he.Key == "pool.tooManySubAccounts":
				refused++
			default:
				t.Errorf("create: %v", err)
			}
		}
		subs, err := h.store.SubAccounts(h.ctx, h.alice.ID)
		if err != nil {
			t.Fatal(err)
		}
		if created != 1 || refused != racers-1 || len(subs) != pool.MaxSubAccounts {
			t.Fatalf("%d created, %d refused, %d sub-accounts; want 1, %d, %d", created, refused, len(subs), racers-1, pool.MaxSubAccounts)
		}
	})
}
