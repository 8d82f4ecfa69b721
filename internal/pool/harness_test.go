package pool_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// user is a test account with a live session.
type user = accounttest.User

type harness struct {
	t      *testing.T
	ctx    context.Context
	db     *db.DB
	clock  *accounttest.Clock
	store  *pool.Store
	srv    *httptest.Server
	alice  user // normal account
	bob    user // normal account
	carol  user // ASIC account
	accts  *account.Store
	agentA string // X-Forwarded-For of agent calls
}

// coins are the test coins: BTC and LTC open with every flag, KAS closed, ALEO open
// without binding, detail pages or switching to it.
var coins = []coin.Coin{
	{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", CurrencyChangeFlag: true, MachineBindFlag: true, MachineDetailFlag: true,
		OpenStatus: true, StratumPorts: []int{3333, 3334}},
	{Type: "LTC", Name: "Litecoin", Algorithm: "scrypt", CurrencyChangeFlag: true, MachineBindFlag: true, MachineDetailFlag: true,
		OpenStatus: true, StratumPorts: []int{3340}},
	{Type: "KAS", Name: "Kaspa", Algorithm: "kheavyhash", CurrencyChangeFlag: true, MachineBindFlag: true, MachineDetailFlag: true,
		ClosedMsg: map[string]string{"en_US": "Kaspa is paused for an upgrade."}},
	{Type: "ALEO", Name: "Aleo", Algorithm: "aleo", OpenStatus: true},
}

func newHarness(t *testing.T, d *db.DB) *harness {
	t.Helper()
	cs := &coin.Store{DB: d}
	return newHarnessWith(t, d, cs.Put)
}

// newHarnessWith is newHarness with the coins written by put: a test of an old schema
// writes them as the table then was (coin.Store.Put writes today's columns).
func newHarnessWith(t *testing.T, d *db.DB, put func(context.Context, coin.Coin) error) *harness {
	t.Helper()
	ctx := context.Background()
	clk := accounttest.NewClock(time.Date(2025, 3, 10, 8, 0, 30, 0, time.UTC))
	h := &harness{t: t, ctx: ctx, db: d, clock: clk, store: &pool.Store{DB: d, Now: clk.Now}, accts: &account.Store{DB: d}, agentA: "198.51.100.20"}
	for i, c := range coins {
		c.ChainUnit, c.AliasName, c.MinHashUnit, c.Decimals = c.Type, c.Type, "H/s", 8
		c.SettleModel, c.SettleTime, c.Driver, c.SortOrder = coin.SettleModelPPS, "00:00", coin.DriverDevnet, i
		if err := put(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	h.alice = h.newUser("alice@example.com", account.TypeNormal)
	h.bob = h.newUser("bob@example.com", account.TypeNormal)
	h.carol = h.newUser("carol@example.com", account.TypeASIC)

	svc := &account.Service{Store: h.accts, Now: clk.Now}
	rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US", TrustProxy: true})
	(&pool.Handler{Store: h.store, User: (&account.Handler{Service: svc}).RequireUser,
		Limiter: &ratelimit.DB{DB: d, Now: clk.Now}, StratumHost: "pool.example.com"}).Routes(rt)
	h.srv = httptest.NewServer(rt)
	t.Cleanup(h.srv.Close)
	return h
}

func (h *harness) newUser(email, accountType string) user {
	h.t.Helper()
	return accounttest.NewUser(h.t, h.db, email, accountType, h.clock.Now())
}

type reply struct {
	Status int
	Code   int             `json:"code"`
	Msg    string          `json:"msg"`
	Data   json.RawMessage `json:"data"`
}

func (h *harness) send(req *http.Request) reply {
	h.t.Helper()
	req.Header.Set("language", "en_US")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var r reply
	if err := json.Unmarshal(raw, &r); err != nil {
		h.t.Fatalf("%s %s: %s", req.Method, req.URL.Path, raw)
	}
	r.Status = resp.StatusCode
	return r
}

func (h *harness) post(path string, u user, body any) reply {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = strings.NewReader(string(raw))
	}
	req, _ := http.NewRequest("POST", h.srv.URL+path, rd)
	if u.Token != "" {
		req.Header.Set("x-token", u.Token)
	}
	return h.send(req)
}

func (h *harness) get(path string, u user, q url.Values) reply {
	h.t.Helper()
	req, _ := http.NewRequest("GET", h.srv.URL+path+"?"+q.Encode(), nil)
	if u.Token != "" {
		req.Header.Set("x-token", u.Token)
	}
	return h.send(req)
}

// agent posts a report body with a Uniplus ID from the harness's agent address.
func (h *harness) agent(id string, body any) reply {
	h.t.Helper()
	var raw []byte
	if s, ok := body.(string); ok {
		raw = []byte(s)
	} else {
		raw, _ = json.Marshal(body)
	}
	req, _ := http.NewRequest("POST", h.srv.URL+"/api/agent/v1/report", strings.NewReader(string(raw)))
	if id != "" {
		req.Header.Set(pool.AgentHeader, id)
	}
	req.Header.Set("X-Forwarded-For", h.agentA)
	return h.send(req)
}

// msg is what the server answers for key in en_US (the key itself until the lead adds
// the pool catalogue to internal/i18n, the translation afterwards).
func msg(key string, params ...string) string {
	p := i18n.Params{}
	for i := 0; i+1 < len(params); i += 2 {
		p[params[i]] = params[i+1]
	}
	return i18n.T("en_US", key, p)
}

// want checks status, code and, when msg is not empty, that the message contains it.
func (h *harness) want(r reply, status, code int, msg string) {
	h.t.Helper()
	if r.Status != status || r.Code != code || (msg != "" && !strings.Contains(r.Msg, msg)) {
		h.t.Fatalf("got %d code %d %q (data %s), want %d code %d %q", r.Status, r.Code, r.Msg, r.Data, status, code, msg)
	}
}

// data decodes a reply's data into v after checking it succeeded.
func (h *harness) data(r reply, v any) {
	h.t.Helper()
	h.want(r, 200, 0, "")
	if err := json.Unmarshal(r.Data, v); err != nil {
		h.t.Fatalf("data %s: %v", r.Data, err)
	}
}

// sub creates a sub-account through the store.
func (h *harness) sub(u user, code, coin string) pool.SubAccount {
	h.t.Helper()
	a, err := h.store.CreateSubAccount(h.ctx, u.ID, code, "rigs "+code, coin)
	if err != nil {
		h.t.Fatal(err)
	}
	return a
}

// connect is a worker's first accepted share on a stratum connection on coin: what
// makes (or finds) its device.
func (h *harness) connect(coin, worker, software string) pool.Device {
	h.t.Helper()
	d, err := h.store.ShareDevice(h.ctx, coin, worker, "203.0.113.9:40001", software)
	if err != nil {
		h.t.Fatalf("authorize %s: %v", worker, err)
	}
	return d
}

// shares writes diff of accepted difficulty-1 shares for each of the minutes before the
// current one, as the engine would.
func (h *harness) shares(d pool.Device, minutes int, diff float64) {
	h.t.Helper()
	now := h.clock.Now().Truncate(time.Minute)
	var rows []pool.ShareMinute
	for i := 1; i <= minutes; i++ {
		rows = append(rows, pool.ShareMinute{DeviceID: d.ID, Minute: now.Add(-time.Duration(i) * time.Minute), Coin: d.Coin,
			DiffSum: diff, Accepted: int(diff), Rejected: 1, Stale: 1})
	}
	if err := pool.AddShareMinutes(h.ctx, h.db, rows); err != nil {
		h.t.Fatal(err)
	}
}
