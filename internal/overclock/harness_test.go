package overclock_test

import (
	"context"
	"encoding/json"
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
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/overclock"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

type user = accounttest.User

type harness struct {
	t     *testing.T
	ctx   context.Context
	db    *db.DB
	clock *accounttest.Clock
	pool  *pool.Store
	store *overclock.Store
	coins *coin.Store
	srv   *httptest.Server
	alice user
	bob   user
}

// coins: ALEO and IRON allow overclocking, BTC does not.
var coins = []coin.Coin{
	{Type: "ALEO", Name: "Aleo", Algorithm: "aleo", OpenStatus: true, GPUOverclockingFlag: true, StratumPorts: []int{1234}},
	{Type: "IRON", Name: "Iron Fish", Algorithm: "blake3", OpenStatus: true, GPUOverclockingFlag: true, StratumPorts: []int{1235}},
	{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", OpenStatus: true, StratumPorts: []int{1237}},
}

func newHarness(t *testing.T, d *db.DB) *harness {
	t.Helper()
	ctx := context.Background()
	clk := accounttest.NewClock(time.Date(2025, 3, 10, 8, 0, 30, 0, time.UTC))
	h := &harness{t: t, ctx: ctx, db: d, clock: clk, pool: &pool.Store{DB: d, Now: clk.Now}, coins: &coin.Store{DB: d}}
	h.store = &overclock.Store{DB: d, Pool: h.pool, Now: clk.Now}
	for i, c := range coins {
		c.ChainUnit, c.AliasName, c.MinHashUnit, c.Decimals = c.Type, c.Type, "H/s", 8
		c.SettleModel, c.SettleTime, c.Driver, c.SortOrder = coin.SettleModelPPS, "00:00", coin.DriverDevnet, i
		if err := h.coins.Put(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	h.alice = accounttest.NewUser(t, d, "alice@example.com", account.TypeNormal, clk.Now())
	h.bob = accounttest.NewUser(t, d, "bob@example.com", account.TypeNormal, clk.Now())
	svc := &account.Service{Store: &account.Store{DB: d}, Now: clk.Now}
	rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US", TrustProxy: true})
	(&overclock.Handler{Store: h.store, User: (&account.Handler{Service: svc}).RequireUser,
		Agent: pool.AgentAuth(h.pool, &ratelimit.DB{DB: d, Now: clk.Now})}).Routes(rt)
	h.srv = httptest.NewServer(rt)
	t.Cleanup(h.srv.Close)
	return h
}

// setFlag turns a coin's gpuOverclockingFlag on or off.
func (h *harness) setFlag(typ string, on bool) {
	h.t.Helper()
	c, err := h.coins.Get(h.ctx, typ)
	if err != nil {
		h.t.Fatal(err)
	}
	c.GPUOverclockingFlag = on
	if err := h.coins.Put(h.ctx, c); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) sub(u user, code, coinType string) pool.SubAccount {
	h.t.Helper()
	a, err := h.pool.CreateSubAccount(h.ctx, u.ID, code, "rigs", coinType)
	if err != nil {
		h.t.Fatal(err)
	}
	return a
}

// device makes a worker's device by its first accepted share.
func (h *harness) device(coinType, worker string) pool.Device {
	h.t.Helper()
	d, err := h.pool.ShareDevice(h.ctx, coinType, worker, "203.0.113.9:40001", "lolMiner/1.88")
	if err != nil {
		h.t.Fatalf("device %s: %v", worker, err)
	}
	return d
}

type reply struct {
	Status int
	Code   int             `json:"code"`
	Msg    string          `json:"msg"`
	Data   json.RawMessage `json:"data"`
}

// do sends a request with a JSON body (a string as it is) and headers (name, value, ...).
func (h *harness) do(method, path string, body any, headers ...string) reply {
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
	req, _ := http.NewRequest(method, h.srv.URL+path, rd)
	req.Header.Set("language", "en_US")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var r reply
	if err := json.Unmarshal(raw, &r); err != nil {
		h.t.Fatalf("%s %s: %s", method, path, raw)
	}
	r.Status = resp.StatusCode
	return r
}

const base = "/api/pc/v1/pool/overclock/"

func (h *harness) post(u user, path string, body any, headers ...string) reply {
	h.t.Helper()
	return h.do("POST", base+path, body, append([]string{"x-token", u.Token}, headers...)...)
}

func (h *harness) get(u user, path string) reply {
	h.t.Helper()
	return h.do("GET", base+path, nil, "x-token", u.Token)
}

// agentGet and agentPost call the agent endpoints with a Uniplus ID.
func (h *harness) agentGet(id, path string) reply {
	h.t.Helper()
	return h.do("GET", "/api/agent/v1/overclock/"+path, nil, pool.AgentHeader, id)
}

func (h *harness) agentPost(id, path string, body any) reply {
	h.t.Helper()
	return h.do("POST", "/api/agent/v1/overclock/"+path, body, pool.AgentHeader, id)
}

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

func (h *harness) data(r reply, v any) {
	h.t.Helper()
	h.want(r, 200, 0, "")
	if err := json.Unmarshal(r.Data, v); err != nil {
		h.t.Fatalf("data %s: %v", r.Data, err)
	}
}

// template is a template as the calls answer it.
type template struct {
	ID            int64  `json:"id"`
	Name          string `json:"name"`
	Coin          string `json:"coin"`
	GPUCategory   string `json:"gpuCategory"`
	CoreClock     *int64 `json:"coreClock"`
	CoreClockLock *int64 `json:"coreClockLock"`
	MemClock      *int64 `json:"memClock"`
	MemClockLock  *int64 `json:"memClockLock"`
	Power         *int64 `json:"power"`
	Fan           *int64 `json:"fan"`
}

type settings struct {
	CoreClock     *int64 `json:"coreClock"`
	CoreClockLock *int64 `json:"coreClockLock"`
	MemClock      *int64 `json:"memClock"`
	MemClockLock  *int64 `json:"memClockLock"`
	Power         *int64 `json:"power"`
	Fan           *int64 `json:"fan"`
}

type deviceState struct {
	DeviceID       int64    `json:"deviceId"`
	Worker         string   `json:"worker"`
	Coin           string   `json:"coin"`
	State          string   `json:"state"`
	Factory        bool     `json:"factory"`
	TemplateID     *int64   `json:"templateId"`
	TemplateName   string   `json:"templateName"`
	Settings       settings `json:"settings"`
	Message        string   `json:"message"`
	Version        int64    `json:"version"`
	RequestedAt    int64    `json:"requestedAt"`
	AcknowledgedAt int64    `json:"acknowledgedAt"`
}

type pending struct {
	Version int64 `json:"version"`
	Factory bool  `json:"factory"`
	settings
}

func (h *harness) create(u user, body map[string]any) template {
	h.t.Helper()
	var t template
	h.data(h.post(u, "template/create", body), &t)
	return t
}

// status answers the devices' overclock states through the status call.
func (h *harness) status(u user, ids ...int64) []deviceState {
	h.t.Helper()
	var parts []string
	for _, id := range ids {
		parts = append(parts, itoa(id))
	}
	var out []deviceState
	h.data(h.get(u, "device/status?deviceIds="+strings.Join(parts, ",")), &out)
	return out
}

// pending answers the agent's pending request for worker, nil when data is null.
func (h *harness) pending(id, worker string) *pending {
	h.t.Helper()
	r := h.agentGet(id, "pending?worker="+worker)
	h.want(r, 200, 0, "")
	if string(r.Data) == "null" {
		return nil
	}
	var p pending
	h.data(r, &p)
	return &p
}

type ackResult struct {
	Accepted bool   `json:"accepted"`
	Version  int64  `json:"version"`
	State    string `json:"state"`
}

func (h *harness) ack(id, worker string, version int64, status, message string) ackResult {
	h.t.Helper()
	var a ackResult
	h.data(h.agentPost(id, "ack", map[string]any{"worker": worker, "version": version, "status": status, "message": message}), &a)
	return a
}
