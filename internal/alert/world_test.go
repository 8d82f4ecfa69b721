package alert_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/alert"
	"github.com/uniplus-pool/pool/internal/app"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// t0 is when the worlds' rigs have mined for a day: 16:00:30 in Beijing.
var t0 = time.Date(2026, 11, 25, 8, 0, 30, 0, time.UTC)

// box is an alert sender that keeps what it was given; failNext makes the next sends
// fail after delivering (a connection lost after the server took the message).
type box struct {
	mu       sync.Mutex
	got      []notify.Alert
	failNext int
}

func (b *box) SendAlert(_ context.Context, a notify.Alert) error {
	if _, err := notify.RenderAlert(a); err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.got = append(b.got, a)
	if b.failNext > 0 {
		b.failNext--
		return errors.New("connection reset after DATA")
	}
	return nil
}

func (b *box) all() []notify.Alert {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]notify.Alert(nil), b.got...)
}

// world is a pool with alice (sub-accounts farm on BTC and spare on LTC) and bob (bobs),
// rigs that have mined for a day before t0, the real router and an alert job whose
// email and SMS go to boxes.
type world struct {
	t     *testing.T
	ctx   context.Context
	d     *db.DB
	clk   *accounttest.Clock
	ps    *pool.Store
	srv   *httptest.Server
	alice accounttest.User
	bob   accounttest.User
	email *box
	sms   *box
	job   *alert.Job
	dev   map[string]int64 // device id by full worker name
}

func newWorld(t *testing.T, d *db.DB) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{t: t, ctx: ctx, d: d, clk: accounttest.NewClock(t0.Add(-24 * time.Hour)), email: &box{}, sms: &box{}, dev: map[string]int64{}}
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
	w.alice = accounttest.NewUser(t, d, "alice@example.com", "", t0)
	w.bob = accounttest.NewUser(t, d, "bob@example.com", "", t0)
	// alice has a phone too, for SMS.
	accts := &account.Store{DB: d}
	u := w.alice.User
	u.Phone = "13800138000"
	if err := accts.UpdateUser(ctx, d, u); err != nil {
		t.Fatal(err)
	}
	w.alice.User = u
	w.ps = &pool.Store{DB: d, Now: w.clk.Now}
	for _, s := range []struct {
		user       int64
		code, coin string
		workers    []string
	}{
		{w.alice.ID, "farm", "BTC", []string{"farm.rig1", "farm.rig2"}},
		{w.alice.ID, "spare", "LTC", []string{"spare.rig3"}},
		{w.bob.ID, "bobs", "BTC", []string{"bobs.rig9"}},
	} {
		if _, err := w.ps.CreateSubAccount(ctx, s.user, s.code, s.code, s.coin); err != nil {
			t.Fatal(err)
		}
		for _, worker := range s.workers {
			dev, err := w.ps.ShareDevice(ctx, s.coin, worker, "198.51.100.7:4000", "cpuminer")
			if err != nil {
				t.Fatal(err)
			}
			w.dev[worker] = dev.ID
			w.mine(worker, t0.Add(-24*time.Hour), t0, 6)
		}
	}
	w.clk.Add(24 * time.Hour)
	rt := app.NewRouter(app.Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}, Now: w.clk.Now})
	w.srv = httptest.NewServer(rt)
	t.Cleanup(w.srv.Close)
	w.job = w.newJob()
	return w
}

func (w *world) newJob() *alert.Job {
	return &alert.Job{Store: &alert.Store{DB: w.d}, Pool: &pool.Store{DB: w.d}, Accounts: &account.Store{DB: w.d}, Coins: &coin.Store{DB: w.d},
		Email: w.email, SMS: w.sms}
}

// mine records perMinute accepted shares of difficulty 1 (sha256d; 2^16 for scrypt, so
// the two coins' rigs share at the same pace) in every minute of [from, to), and a last
// share at to.
func (w *world) mine(worker string, from, to time.Time, perMinute int) {
	w.t.Helper()
	id := w.dev[worker]
	var coinType string
	if err := w.d.QueryRow(w.ctx, "SELECT coin FROM devices WHERE id = ?", id).Scan(&coinType); err != nil {
		w.t.Fatal(err)
	}
	var rows []pool.ShareMinute
	for m := from.Truncate(time.Minute); m.Before(to); m = m.Add(time.Minute) {
		rows = append(rows, pool.ShareMinute{DeviceID: id, Minute: m, Coin: coinType, DiffSum: float64(perMinute), Accepted: perMinute})
	}
	err := w.d.InTx(w.ctx, func(tx *db.Tx) error { return pool.AddShareMinutes(w.ctx, tx, rows) })
	if err != nil {
		w.t.Fatal(err)
	}
	if err := w.ps.Touch(w.ctx, []int64{id}, to); err != nil {
		w.t.Fatal(err)
	}
}

// run runs the job at t.
func (w *world) run(at time.Time) alert.Report {
	w.t.Helper()
	r, err := w.job.Run(w.ctx, at)
	if err != nil {
		w.t.Fatalf("job at %s: %v", at.Sub(t0), err)
	}
	return r
}

// call answers the envelope's code, message and data, with the HTTP status.
func (w *world) call(method, path, token, lang string, body any) (code int, msg string, data json.RawMessage, status int) {
	w.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, w.srv.URL+path, rd)
	if lang == "" {
		lang = "en_US"
	}
	req.Header.Set("language", lang)
	req.Header.Set("timezone", "Asia/Shanghai")
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
	return env.Code, env.Msg, env.Data, resp.StatusCode
}

// ok calls and fails unless the answer is code 0.
func (w *world) ok(method, path, token, lang string, body any) json.RawMessage {
	w.t.Helper()
	code, msg, data, _ := w.call(method, path, token, lang, body)
	if code != 0 {
		w.t.Fatalf("%s %s: code %d %s", method, path, code, msg)
	}
	return data
}

// save stores alice's settings of a sub-account through the API.
func (w *world) save(code string, set map[string]any, lang string) {
	w.t.Helper()
	body := map[string]any{"code": code, "offlineEnabled": true, "hashrateEnabled": false, "hashratePercent": 70,
		"byEmail": true, "bySms": false, "digest": false, "digestHour": 8}
	for k, v := range set {
		body[k] = v
	}
	w.ok("POST", "/api/pc/v1/pool/alert/setting", w.alice.Token, lang, body)
}

// events counts alert_events rows by kind.
func (w *world) events() map[string]int {
	w.t.Helper()
	rows, err := w.d.Query(w.ctx, "SELECT kind, COUNT(*) FROM alert_events GROUP BY kind")
	if err != nil {
		w.t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			w.t.Fatal(err)
		}
		out[k] = n
	}
	return out
}
