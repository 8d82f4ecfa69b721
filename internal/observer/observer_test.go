package observer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/app"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/observer"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/seal"
)

// world is a pool with two users: alice (sub-accounts farm on BTC and spare on LTC, one
// device each) and bob (his own sub-account), served by the real router.
type world struct {
	t     *testing.T
	srv   *httptest.Server
	alice accounttest.User
	bob   accounttest.User
	clk   *accounttest.Clock
}

func (w *world) clock() time.Time        { return w.clk.Now() }
func (w *world) advance(d time.Duration) { w.clk.Add(d) }

func newWorld(t *testing.T, d *db.DB) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{t: t, clk: accounttest.NewClock(time.Now())}
	cs := &coin.Store{DB: d}
	for i, c := range []coin.Coin{
		{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", OpenStatus: true, MachineBindFlag: true, MachineDetailFlag: true, CurrencyChangeFlag: true, StratumPorts: []int{3333}},
		{Type: "LTC", Name: "Litecoin", Algorithm: "scrypt", OpenStatus: true, MachineBindFlag: true, MachineDetailFlag: true, CurrencyChangeFlag: true, StratumPorts: []int{3340}},
	} {
		c.ChainUnit, c.AliasName, c.MinHashUnit, c.Decimals = c.Type, c.Type, "H/s", 8
		c.SettleModel, c.SettleTime, c.Driver, c.SortOrder = coin.SettleModelPPS, "00:00", coin.DriverDevnet, i
		if err := cs.Put(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	w.alice = accounttest.NewUser(t, d, "alice@example.com", "", w.clock())
	w.bob = accounttest.NewUser(t, d, "bob@example.com", "", w.clock())
	ps := &pool.Store{DB: d}
	for _, s := range []struct {
		user        int64
		code, coin  string
		worker, dev string
	}{{w.alice.ID, "farm", "BTC", "farm.rig1", "BTC"}, {w.alice.ID, "spare", "LTC", "spare.rig2", "LTC"}, {w.bob.ID, "bobs", "BTC", "bobs.rig9", "BTC"}} {
		if _, err := ps.CreateSubAccount(ctx, s.user, s.code, s.code, s.coin); err != nil {
			t.Fatal(err)
		}
		if _, err := ps.ShareDevice(ctx, s.dev, s.worker, "198.51.100.7:4000", "cpuminer"); err != nil {
			t.Fatal(err)
		}
	}
	rt := app.NewRouter(app.Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}, Now: w.clock})
	w.srv = httptest.NewServer(rt)
	t.Cleanup(w.srv.Close)
	return w
}

// call answers the envelope's code and data (HTTP status checked against the code).
func (w *world) call(method, path, token string, body any) (int, json.RawMessage) {
	w.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, w.srv.URL+path, rd)
	req.Header.Set("language", "en_US")
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("x-token", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var env struct {
		Code int             `json:"code"`
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		w.t.Fatalf("%s %s: %v", method, path, err)
	}
	if env.Code == 5 && resp.StatusCode != http.StatusForbidden {
		w.t.Fatalf("%s %s: code 5 with HTTP %d", method, path, resp.StatusCode)
	}
	return env.Code, env.Data
}

type link struct {
	ID    int64  `json:"id"`
	Token string `json:"token"`
	Link  string `json:"link"`
}

func (w *world) add(spec map[string]any) link {
	w.t.Helper()
	code, data := w.call("POST", "/api/pc/v1/customer/observer/link/add", w.alice.Token, spec)
	if code != 0 {
		w.t.Fatalf("add %v: code %d %s", spec, code, data)
	}
	var l link
	if err := json.Unmarshal(data, &l); err != nil {
		w.t.Fatal(err)
	}
	if !strings.HasPrefix(l.Token, account.ObserverTokenPrefix) || l.Link != "/observerMode/observerList?token="+l.Token {
		w.t.Fatalf("link %+v", l)
	}
	return l
}

func (w *world) want(method, path, token string, body any, want int) json.RawMessage {
	w.t.Helper()
	code, data := w.call(method, path, token, body)
	if code != want {
		w.t.Errorf("%s %s: code %d, want %d (%s)", method, path, code, want, data)
	}
	return data
}

// workers is the worker names a device list answered.
func workers(t *testing.T, data json.RawMessage) []string {
	var page struct {
		Rows []struct {
			Code string `json:"code"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(data, &page); err != nil {
		t.Fatalf("device list %s: %v", data, err)
	}
	var out []string
	for _, r := range page.Rows {
		out = append(out, r.Code)
	}
	return out
}

// The permission matrix: each observer-reachable read with links of each flag combination,
// coins and sub-accounts in and out of the link, expired, regenerated and deleted links, and
// every owner-only call and write, which an observer token never opens.
func TestObserverPermissionMatrix(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		machineReads := []string{
			"/api/pc/v1/pool/device/list?coin=BTC&page=1&pageSize=10",
			"/api/pc/v1/pool/device/overview?coin=BTC",
			"/api/pc/v1/pool/hashrate/history?coin=BTC&range=24h",
			"/api/pc/v1/pool/subaccount/detail?code=farm",
		}
		incomeReads := []string{
			"/api/pc/v1/earnings/summary",
			"/api/pc/v1/earnings/days?coin=BTC&page=1&pageSize=10",
			"/api/pc/v1/earnings/chart?coin=BTC&days=7",
		}
		// Never open to an observer, whatever the link: owner-only reads and every write.
		ownerOnly := []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/pc/v1/assets/overview", nil},
			{"GET", "/api/pc/v1/assets/entries?coin=BTC&page=1&pageSize=10", nil},
			{"GET", "/api/pc/v1/earnings/audit?coin=BTC&subAccount=farm&day=2026-01-01", nil},
			{"GET", "/api/pc/v1/pool/subaccount/uniplus?code=farm", nil},
			{"GET", "/api/pc/v1/pool/device/detail?id=1", nil},
			{"GET", "/api/pc/v1/customer/observer/link/get", nil},
			{"GET", "/api/pc/v1/pool/overclock/template/list", nil},
			{"GET", "/api/pc/v1/customer/address/list", nil},
			{"GET", "/api/pc/v1/customer/withdraw/list", nil},
			{"POST", "/api/pc/v1/pool/subaccount/create", map[string]any{"code": "evil", "defaultCoin": "BTC"}},
			{"POST", "/api/pc/v1/pool/device/alias", map[string]any{"id": 1, "alias": "x"}},
			{"POST", "/api/pc/v1/pool/device/remove", map[string]any{"id": 1}},
			{"POST", "/api/pc/v1/pool/device/removeOffline", map[string]any{"subAccount": "farm"}},
			{"POST", "/api/pc/v1/customer/observer/link/add", map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "x"}},
			{"POST", "/api/app/v1/customer/account/logOut", nil},
		}
		for _, flags := range []struct {
			name            string
			machine, income bool
		}{{"machine", true, false}, {"income", false, true}, {"both", true, true}} {
			l := w.add(map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": flags.machine, "incomeInfoEnabled": flags.income, "note": flags.name})
			for _, p := range machineReads {
				w.want("GET", p, l.Token, nil, map[bool]int{true: 0, false: 5}[flags.machine])
			}
			for _, p := range incomeReads {
				w.want("GET", p, l.Token, nil, map[bool]int{true: 0, false: 5}[flags.income])
			}
			// The sub-account list, which every page of a link chooses from: open to
			// either kind of link, with machine figures only for machine info.
			var subs []struct {
				Code        string `json:"code"`
				DeviceCount int    `json:"deviceCount"`
			}
			if err := json.Unmarshal(w.want("GET", "/api/pc/v1/pool/subaccount/list", l.Token, nil, 0), &subs); err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(subs, func(s struct {
				Code        string `json:"code"`
				DeviceCount int    `json:"deviceCount"`
			}) bool {
				return s.Code == "farm"
			})
			if i < 0 || (subs[i].DeviceCount > 0) != flags.machine {
				t.Errorf("%s link's sub-account list %+v", flags.name, subs)
			}
			// A coin outside the link.
			if flags.machine {
				w.want("GET", "/api/pc/v1/pool/device/overview?coin=LTC", l.Token, nil, 5)
				w.want("GET", "/api/pc/v1/pool/device/list?coin=LTC&page=1&pageSize=10", l.Token, nil, 5)
				// Without a coin, the list holds only the link's coins.
				got := workers(t, w.want("GET", "/api/pc/v1/pool/device/list?page=1&pageSize=10", l.Token, nil, 0))
				if len(got) != 1 || got[0] != "farm.rig1" {
					t.Errorf("%s link lists %v, want [farm.rig1]", flags.name, got)
				}
			}
			if flags.income {
				w.want("GET", "/api/pc/v1/earnings/days?coin=LTC&page=1&pageSize=10", l.Token, nil, 5)
			}
			for _, c := range ownerOnly {
				w.want(c.method, c.path, l.Token, c.body, 5)
			}
			w.want("POST", "/api/observer/link/detail", l.Token, nil, 0)
			// Messages are every link's own, whatever its flags (TestObserverMessages: which).
			w.want("GET", "/api/pc/v1/helpPage/observer/message/list?page=1&pageSize=10", l.Token, nil, 0)
			w.want("GET", "/api/pc/v1/helpPage/observer/message/info", l.Token, nil, 0)
		}
		// A session token opens no observer messages, the owner's included.
		for _, token := range []string{w.alice.Token, w.bob.Token, ""} {
			w.want("GET", "/api/pc/v1/helpPage/observer/message/list?page=1&pageSize=10", token, nil, 5)
			w.want("POST", "/api/pc/v1/helpPage/observer/message/readAll", token, nil, 5)
		}

		// Narrowed to one sub-account, on both coins.
		narrow := w.add(map[string]any{"currencyList": []string{"BTC", "LTC"}, "machineInfoEnabled": true, "incomeInfoEnabled": true,
			"note": "farm only", "subAccounts": []string{"farm"}})
		got := workers(t, w.want("GET", "/api/pc/v1/pool/device/list?page=1&pageSize=10", narrow.Token, nil, 0))
		if len(got) != 1 || got[0] != "farm.rig1" {
			t.Errorf("narrowed link lists %v, want [farm.rig1]", got)
		}
		w.want("GET", "/api/pc/v1/pool/device/overview?coin=LTC&subAccount=spare", narrow.Token, nil, 5)
		w.want("GET", "/api/pc/v1/pool/subaccount/detail?code=spare", narrow.Token, nil, 5)
		w.want("GET", "/api/pc/v1/earnings/summary?subAccount=spare", narrow.Token, nil, 5)
		w.want("GET", "/api/pc/v1/pool/subaccount/detail?code=bobs", narrow.Token, nil, 5) // bob's: unknown to the link
		var subs []struct {
			Code string `json:"code"`
		}
		if err := json.Unmarshal(w.want("GET", "/api/pc/v1/pool/subaccount/list", narrow.Token, nil, 0), &subs); err != nil || len(subs) != 1 || subs[0].Code != "farm" {
			t.Errorf("narrowed sub-account list %+v (%v)", subs, err)
		}

		// Another user: bob's session reads his own account, never alice's through her link's
		// manager, and his token opens no observer call.
		w.want("POST", "/api/pc/v1/customer/observer/link/edit", w.bob.Token, map[string]any{"token": narrow.Token,
			"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "mine"}, 3)
		w.want("POST", "/api/pc/v1/customer/observer/link/delete", w.bob.Token, map[string]any{"id": narrow.ID}, 3)
		w.want("POST", "/api/observer/link/detail", w.bob.Token, nil, 5)
		w.want("GET", "/api/pc/v1/pool/device/list?subAccount=farm&page=1&pageSize=10", w.bob.Token, nil, 3)
		w.want("GET", "/api/pc/v1/pool/device/list?page=1&pageSize=10", narrow.Token, nil, 0) // still alive

		// Regenerated: the old token dies at once, the new one opens the same.
		code, data := w.call("POST", "/api/pc/v1/customer/observer/link/regenerate", w.alice.Token, map[string]any{"token": narrow.Token})
		var fresh link
		if code != 0 || json.Unmarshal(data, &fresh) != nil || fresh.Token == narrow.Token || fresh.ID != narrow.ID {
			t.Fatalf("regenerate: %d %s", code, data)
		}
		w.want("GET", "/api/pc/v1/pool/device/list?page=1&pageSize=10", narrow.Token, nil, 5)
		w.want("GET", "/api/observer/link/valid?token="+narrow.Token, "", nil, 5)
		w.want("GET", "/api/pc/v1/helpPage/observer/message/info", narrow.Token, nil, 5)
		w.want("GET", "/api/pc/v1/pool/device/list?page=1&pageSize=10", fresh.Token, nil, 0)

		// Deleted: dead at once.
		w.want("POST", "/api/pc/v1/customer/observer/link/delete", w.alice.Token, map[string]any{"token": fresh.Token}, 0)
		w.want("GET", "/api/pc/v1/pool/device/list?page=1&pageSize=10", fresh.Token, nil, 5)
		w.want("POST", "/api/observer/link/detail", fresh.Token, nil, 5)
		w.want("GET", "/api/pc/v1/helpPage/observer/message/list?page=1&pageSize=10", fresh.Token, nil, 5)

		// Expired: a 7-day link opens on day 6 and not after day 7.
		week := w.add(map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "week", "expiresIn": 7})
		w.advance(6 * 24 * time.Hour)
		w.want("GET", "/api/pc/v1/pool/device/overview?coin=BTC", week.Token, nil, 0)
		w.advance(25 * time.Hour)
		w.want("GET", "/api/pc/v1/pool/device/overview?coin=BTC", week.Token, nil, 5)
		w.want("GET", "/api/observer/link/valid?token="+week.Token, "", nil, 5)
		w.want("GET", "/api/pc/v1/helpPage/observer/message/info", week.Token, nil, 5)

		// A token that was never issued.
		w.want("GET", "/api/pc/v1/pool/device/overview?coin=BTC", account.ObserverTokenPrefix+"forged", nil, 5)
	})
}

// The SPEC rules of a link, each refused with nothing saved; a duplicate is refused with
// the SPEC message; the owner sees each link's use.
func TestObserverLinkRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		add := "/api/pc/v1/customer/observer/link/add"
		for _, bad := range []map[string]any{
			{"currencyList": []string{}, "machineInfoEnabled": true, "note": "x"},
			{"currencyList": []string{"DOGE"}, "machineInfoEnabled": true, "note": "x"},
			{"currencyList": []string{"BTC"}, "note": "x"},
			{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": " "},
			{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "eleven char"},
			{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "a\u202eb"},
			{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "x", "expiresIn": 3},
			{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "x", "subAccounts": []string{"bobs"}},
		} {
			w.want("POST", add, w.alice.Token, bad, 3)
		}
		var list []link
		if err := json.Unmarshal(w.want("GET", "/api/pc/v1/customer/observer/link/get", w.alice.Token, nil, 0), &list); err != nil || len(list) != 0 {
			t.Fatalf("refused links were saved: %+v", list)
		}
		l := w.add(map[string]any{"currencyList": []string{"btc"}, "machineInfoEnabled": true, "note": "十个字以内的备注"})
		code, data := w.call("POST", add, w.alice.Token, map[string]any{"currencyList": []string{"BTC", "BTC"}, "machineInfoEnabled": true, "note": " 十个字以内的备注 "})
		if code != 3 || !strings.Contains(string(data), "") {
			t.Errorf("duplicate: code %d", code)
		}
		req, _ := http.NewRequest("POST", w.srv.URL+add, strings.NewReader(`{"currencyList":["BTC"],"machineInfoEnabled":true,"note":"十个字以内的备注"}`))
		req.Header.Set("x-token", w.alice.Token)
		req.Header.Set("language", "en_US")
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var env struct{ Msg string }
		_ = json.NewDecoder(resp.Body).Decode(&env)
		resp.Body.Close()
		if env.Msg != "Observer link already exists." {
			t.Errorf("duplicate message %q", env.Msg)
		}
		// Use is recorded at most once a minute.
		for range 3 {
			w.want("GET", "/api/pc/v1/pool/device/overview?coin=BTC", l.Token, nil, 0)
		}
		w.advance(2 * time.Minute)
		w.want("GET", "/api/pc/v1/pool/device/overview?coin=BTC", l.Token, nil, 0)
		var seen []struct {
			UseCount   int64 `json:"useCount"`
			LastUsedAt int64 `json:"lastUsedAt"`
		}
		if err := json.Unmarshal(w.want("GET", "/api/pc/v1/customer/observer/link/get", w.alice.Token, nil, 0), &seen); err != nil || len(seen) != 1 ||
			seen[0].UseCount != 2 || seen[0].LastUsedAt != w.clock().UnixMilli() {
			t.Errorf("use %+v (%v)", seen, err)
		}
	})
}

// An edit without expiresIn keeps the link's end; with one, the end counts from the edit.
func TestObserverEditKeepsOrRestartsExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		l := w.add(map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "one day", "expiresIn": 1})
		ends := func() int64 {
			var list []struct {
				ExpiresAt int64 `json:"expiresAt"`
			}
			if err := json.Unmarshal(w.want("GET", "/api/pc/v1/customer/observer/link/get", w.alice.Token, nil, 0), &list); err != nil || len(list) != 1 {
				t.Fatalf("list %+v %v", list, err)
			}
			return list[0].ExpiresAt
		}
		first := ends()
		if first != w.clock().Add(24*time.Hour).UnixMilli() {
			t.Fatalf("ends %d", first)
		}
		w.advance(time.Hour)
		edit := "/api/pc/v1/customer/observer/link/edit"
		w.want("POST", edit, w.alice.Token, map[string]any{"token": l.Token, "currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "renamed"}, 0)
		if got := ends(); got != first {
			t.Errorf("edit without expiresIn moved the end: %d, was %d", got, first)
		}
		w.want("POST", edit, w.alice.Token, map[string]any{"token": l.Token, "currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "renamed", "expiresIn": 7}, 0)
		if got := ends(); got != w.clock().Add(7*24*time.Hour).UnixMilli() {
			t.Errorf("edit with 7 days ends %d", got)
		}
		w.want("POST", edit, w.alice.Token, map[string]any{"token": l.Token, "currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "renamed", "expiresIn": 0}, 0)
		if got := ends(); got != 0 {
			t.Errorf("edit with 0 ends %d, want never", got)
		}
	})
}

// One link's requests are bounded per minute (429, code 3), whichever calls they are; the
// next minute opens again, and another link is counted on its own.
func TestObserverReadsAreRateLimitedPerLink(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		key, err := seal.LoadKey(t.TempDir() + "/secret.key")
		if err != nil {
			t.Fatal(err)
		}
		sealer, err := seal.New(key)
		if err != nil {
			t.Fatal(err)
		}
		store := &observer.Store{DB: d, Sealer: sealer, Now: w.clock}
		h := &observer.Handler{Store: store, User: func(next httpx.HandlerFunc) httpx.HandlerFunc { return next },
			Limiter: &ratelimit.DB{DB: d, Now: w.clock}, ReadsPerMinute: 3, Now: w.clock}
		rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
		rt.Handle("GET /api/read", func(rw http.ResponseWriter, r *http.Request) error { return httpx.OK(rw, r, true) }, h.Reads(observer.Machine))
		srv := httptest.NewServer(rt)
		defer srv.Close()
		a, err := store.Add(context.Background(), w.alice.ID, observer.Spec{Coins: []string{"BTC"}, Machine: true, Note: "a"})
		if err != nil {
			t.Fatal(err)
		}
		b, err := store.Add(context.Background(), w.alice.ID, observer.Spec{Coins: []string{"BTC"}, Machine: true, Note: "b"})
		if err != nil {
			t.Fatal(err)
		}
		status := func(token string) int {
			req, _ := http.NewRequest("GET", srv.URL+"/api/read", nil)
			req.Header.Set("x-token", token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp.StatusCode
		}
		for i := range 3 {
			if got := status(a.Token); got != 200 {
				t.Fatalf("read %d: %d", i+1, got)
			}
		}
		if got := status(a.Token); got != http.StatusTooManyRequests {
			t.Fatalf("fourth read in a minute: %d, want 429", got)
		}
		if got := status(b.Token); got != 200 {
			t.Fatalf("another link: %d", got)
		}
		w.advance(time.Minute)
		if got := status(a.Token); got != 200 {
			t.Fatalf("next minute: %d", got)
		}
	})
}

// Cancelling an account ends its observer links and its Uniplus IDs with its sessions
// (issue 29: a link kept answering the device list after the cancellation). The links'
// rows go, and a link whose owner is not active opens nothing even if a row were left.
func TestCancelledAccountEndsLinksAndAgentIDs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		w := newWorld(t, d)
		const password = "Granite-Otter-71"
		hash, err := account.HashPassword(password, account.DefaultArgon2)
		if err != nil {
			t.Fatal(err)
		}
		alice := w.alice.User
		alice.PasswordHash = hash
		if err := (&account.Store{DB: d}).UpdateUser(ctx, d, alice); err != nil {
			t.Fatal(err)
		}
		up, err := (&pool.Store{DB: d}).RegenerateUniplusID(ctx, alice.ID, "farm")
		if err != nil {
			t.Fatal(err)
		}
		report := func(id string) int {
			b, _ := json.Marshal(map[string]any{"worker": "farm.rig1", "coin": "BTC", "hardware": map[string]any{
				"cpuModel": "AMD Ryzen 5 5600", "memTotal": 16 << 30, "memUsed": 4 << 30, "diskTotal": 128 << 30, "diskUsed": 20 << 30,
				"os": "UniplusOS", "osVersion": "2.1", "minerSoftware": "lolMiner", "minerVersion": "1.76", "minerRunning": true}})
			req, _ := http.NewRequest("POST", w.srv.URL+"/api/agent/v1/report", bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set(pool.AgentHeader, id)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp.StatusCode
		}
		devices := "/api/pc/v1/pool/device/list?coin=BTC&page=1&pageSize=10"
		machine := w.add(map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "devices"})
		income := w.add(map[string]any{"currencyList": []string{"BTC", "LTC"}, "incomeInfoEnabled": true, "note": "income"})
		bobs := func() link {
			code, data := w.call("POST", "/api/pc/v1/customer/observer/link/add", w.bob.Token,
				map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "bob"})
			var l link
			if err := json.Unmarshal(data, &l); code != 0 || err != nil {
				t.Fatalf("bob's link: code %d %s", code, data)
			}
			return l
		}()
		w.want("GET", devices, machine.Token, nil, 0)
		w.want("GET", "/api/pc/v1/earnings/summary", income.Token, nil, 0)
		if _, err := d.Exec(ctx, "INSERT INTO observer_message_reads (link_id, message_id, read_at) VALUES (?, 'announcement-1', 1)", income.ID); err != nil {
			t.Fatal(err)
		}
		if got := report(up.UniplusID); got != http.StatusOK {
			t.Fatalf("agent report before the cancellation: HTTP %d", got)
		}

		w.want("POST", "/api/pc/v1/customer/account/cancel", w.alice.Token, map[string]any{"password": password}, 0)

		for _, l := range []link{machine, income} {
			w.want("GET", devices, l.Token, nil, 5)
			w.want("GET", "/api/pc/v1/earnings/summary", l.Token, nil, 5)
			w.want("POST", "/api/observer/link/detail", l.Token, nil, 5)
			w.want("GET", "/api/observer/link/valid?token="+l.Token, "", nil, 5)
		}
		var n int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM observer_links WHERE user_id = ?", alice.ID).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d links of the cancelled account left (%v)", n, err)
		}
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM observer_message_reads WHERE link_id = ?", income.ID).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d read marks of the cancelled account's links left (%v)", n, err)
		}
		if got := report(up.UniplusID); got != http.StatusUnauthorized {
			t.Fatalf("agent report with the cancelled account's Uniplus ID: HTTP %d, want 401", got)
		}
		// Another owner's link and rigs are untouched.
		w.want("GET", devices, bobs.Token, nil, 0)

		// A link row of a cancelled owner (one written by a path that missed the
		// cancellation) opens nothing either: the owner's status is checked at every use.
		bob := w.bob.User
		if err := (&account.Store{DB: d}).Cancel(ctx, d, bob.ID); err != nil {
			t.Fatal(err)
		}
		w.want("GET", devices, bobs.Token, nil, 5)
	})
}
