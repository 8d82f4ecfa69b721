package ops

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/seal"
	"github.com/uniplus-pool/pool/internal/twofactor"
)

// clock is a movable clock for the service, the rate limits and the codes.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// cheap hashes passwords fast: the tests sign in often.
var cheap = account.Argon2Params{Memory: 64, Time: 1, Threads: 1}

const testPassword = "correct horse battery staple"

type env struct {
	t     *testing.T
	d     *db.DB
	clock *clock
	svc   *Service
	h     *Handler
	srv   *httptest.Server
	// secrets are the operators' authenticator keys, by email.
	secrets map[string]string
}

// financeProbe is a finance write, as the withdrawal actions will be: its body has an
// amount only, so a "totp" field left in it would be refused.
func financeProbe(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Amount string `json:"amount"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	return httpx.OK(w, r, in.Amount)
}

func ok(w http.ResponseWriter, r *http.Request) error { return httpx.OK(w, r, nil) }

// probes are routes for the rights no route of this package needs yet, so the table test
// covers every right.
var probes = []Route{
	{Method: "GET", Path: "/ops/api/v1/probe/users", Perm: PermUsers, Handle: ok},
	{Method: "GET", Path: "/ops/api/v1/probe/content", Perm: PermContent, Handle: ok},
	{Method: "GET", Path: "/ops/api/v1/probe/finance", Perm: PermFinance, Handle: ok},
	{Method: "POST", Path: "/ops/api/v1/probe/finance", Perm: PermFinance, Handle: financeProbe},
	{Method: "POST", Path: "/ops/api/v1/probe/coins", Perm: PermCoins, Handle: ok},
}

func newEnv(t *testing.T, d *db.DB) *env {
	t.Helper()
	key, err := seal.LoadKey(t.TempDir() + "/secret.key")
	if err != nil {
		t.Fatal(err)
	}
	sealer, err := seal.New(key)
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)}
	svc := &Service{DB: d, Sealer: sealer, Limiter: &ratelimit.DB{DB: d, Now: c.Now}, Argon: cheap, Now: c.Now}
	h := &Handler{Service: svc, Extra: probes}
	srv := httptest.NewServer(h.Router())
	t.Cleanup(srv.Close)
	return &env{t: t, d: d, clock: c, svc: svc, h: h, srv: srv, secrets: map[string]string{}}
}

// client is a browser: its own cookie jar.
type client struct {
	e  *env
	hc *http.Client
}

func (e *env) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, hc: &http.Client{Jar: jar}}
}

type answer struct {
	Status int
	Code   int
	Msg    string
	Data   json.RawMessage
	Header http.Header
	Body   string
}

// errorCode is data.error of a refusal.
func (a answer) errorCode() string {
	var d struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(a.Data, &d)
	return d.Error
}

func (c *client) do(method, path string, body any, header ...string) answer {
	c.e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.e.srv.URL+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{Status: resp.StatusCode, Header: resp.Header, Body: string(raw)}
	var env struct {
		Code int             `json:"code"`
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(raw, &env) == nil {
		a.Code, a.Msg, a.Data = env.Code, env.Msg, env.Data
	}
	return a
}

// code is the authenticator code of an operator now, after moving the clock to a step
// no code was taken in (a code works once).
func (e *env) code(email string) string {
	e.t.Helper()
	e.clock.Add(twofactor.Period)
	c, err := twofactor.Code(e.secrets[email], e.clock.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

func (e *env) addOperator(email string, role Role) Operator {
	e.t.Helper()
	o, err := e.svc.AddOperator(context.Background(), CLI, email, role, testPassword)
	if err != nil {
		e.t.Fatal(err)
	}
	return o
}

// signIn signs an operator in, enrolling the authenticator at the first time.
func (e *env) signIn(email string) *client {
	e.t.Helper()
	c := e.client()
	var step LoginStep
	a := c.do("POST", "/ops/api/v1/login", map[string]string{"email": email, "password": testPassword})
	if a.Status != 200 || json.Unmarshal(a.Data, &step) != nil {
		e.t.Fatalf("login %s: %d %s", email, a.Status, a.Body)
	}
	switch step.Step {
	case "enrol":
		e.secrets[email] = step.Secret
		a = c.do("POST", "/ops/api/v1/enrol", map[string]string{"code": e.code(email)})
	case "code":
		a = c.do("POST", "/ops/api/v1/login", map[string]string{"email": email, "password": testPassword, "code": e.code(email)})
	}
	if a.Status != 200 || !strings.Contains(string(a.Data), `"step":"done"`) {
		e.t.Fatalf("sign-in of %s: %d %s", email, a.Status, a.Body)
	}
	return c
}

func auditRows(t *testing.T, d *db.DB, f AuditFilter) []AuditRow {
	t.Helper()
	rows, err := ListAudit(context.Background(), d, f)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
