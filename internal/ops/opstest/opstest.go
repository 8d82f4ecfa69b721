// Package opstest serves the operator console's API with other packages' routes for
// their tests: operators of each role signed in with their authenticator codes, a client
// per browser, and the permission table check over a list of routes.
package opstest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/seal"
	"github.com/uniplus-pool/pool/internal/twofactor"
)

// Password is every test operator's password.
const Password = "correct horse battery staple"

// Clock is the console's movable clock: the codes, sessions and rate limits follow it.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// Now is the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Add moves the clock.
func (c *Clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// Env is a console serving its own routes and the routes given.
type Env struct {
	T       testing.TB
	DB      *db.DB
	Clock   *Clock
	Service *ops.Service
	Handler *ops.Handler
	Server  *httptest.Server
	secrets map[string]string
}

// New serves the console on d with extra as its other packages' routes.
func New(t testing.TB, d *db.DB, extra []ops.Route) *Env {
	t.Helper()
	key, err := seal.LoadKey(t.TempDir() + "/secret.key")
	if err != nil {
		t.Fatal(err)
	}
	sealer, err := seal.New(key)
	if err != nil {
		t.Fatal(err)
	}
	c := &Clock{t: time.Now()}
	svc := &ops.Service{DB: d, Sealer: sealer, Limiter: &ratelimit.DB{DB: d, Now: c.Now},
		Argon: account.Argon2Params{Memory: 64, Time: 1, Threads: 1}, Now: c.Now}
	h := &ops.Handler{Service: svc, Extra: extra}
	srv := httptest.NewServer(h.Router())
	t.Cleanup(srv.Close)
	return &Env{T: t, DB: d, Clock: c, Service: svc, Handler: h, Server: srv, secrets: map[string]string{}}
}

// AddOperator adds an operator with the test password.
func (e *Env) AddOperator(email string, role ops.Role) ops.Operator {
	e.T.Helper()
	o, err := e.Service.AddOperator(context.Background(), ops.CLI, email, role, Password)
	if err != nil {
		e.T.Fatal(err)
	}
	return o
}

// Code is an operator's authenticator code, after moving the clock to a step no code was
// taken in (a code works once).
func (e *Env) Code(email string) string {
	e.T.Helper()
	e.Clock.Add(twofactor.Period)
	c, err := twofactor.Code(e.secrets[email], e.Clock.Now())
	if err != nil {
		e.T.Fatal(err)
	}
	return c
}

// Client is a browser: its own cookie jar.
type Client struct {
	e  *Env
	hc *http.Client
	// Email is the operator signed in, "" for none.
	Email string
}

// Client is a browser with no session.
func (e *Env) Client() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{e: e, hc: &http.Client{Jar: jar}}
}

// Answer is a console answer, its envelope read.
type Answer struct {
	Status int
	Code   int
	Msg    string
	Data   json.RawMessage
	Body   string
}

// ErrorCode is data.error of a refusal.
func (a Answer) ErrorCode() string {
	var d struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(a.Data, &d)
	return d.Error
}

// Into reads data into v.
func (a Answer) Into(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(a.Data, v); err != nil {
		t.Fatalf("data of %s: %v", a.Body, err)
	}
}

// Do sends a request; body, when not nil, as JSON; header as name, value pairs.
func (c *Client) Do(method, path string, body any, header ...string) Answer {
	c.e.T.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.e.Server.URL+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.e.T.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := Answer{Status: resp.StatusCode, Body: string(raw)}
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

// Write sends a finance write with the operator's authenticator code again, first moving
// the clock past the window that counts an operator's codes (ops.CodesPerOperator): a
// test's many writes are not a guess of codes. The session stays: it is used more often
// than ops.SessionIdle.
func (c *Client) Write(path string, body any) Answer {
	c.e.T.Helper()
	c.e.Clock.Add(ops.TryWindow)
	return c.Do("POST", path, body, ops.TOTPHeader, c.e.Code(c.Email))
}

// SignIn signs an operator in, enrolling the authenticator at the first time.
func (e *Env) SignIn(email string) *Client {
	e.T.Helper()
	c := e.Client()
	c.Email = email
	var step ops.LoginStep
	a := c.Do("POST", "/ops/api/v1/login", map[string]string{"email": email, "password": Password})
	if a.Status != 200 || json.Unmarshal(a.Data, &step) != nil {
		e.T.Fatalf("login %s: %d %s", email, a.Status, a.Body)
	}
	switch step.Step {
	case "enrol":
		e.secrets[email] = step.Secret
		a = c.Do("POST", "/ops/api/v1/enrol", map[string]string{"code": e.Code(email)})
	case "code":
		a = c.Do("POST", "/ops/api/v1/login", map[string]string{"email": email, "password": Password, "code": e.Code(email)})
	}
	if a.Status != 200 || !strings.Contains(string(a.Data), `"step":"done"`) {
		e.T.Fatalf("sign-in of %s: %d %s", email, a.Status, a.Body)
	}
	return c
}

// Operator adds an operator of role and signs them in.
func (e *Env) Operator(role ops.Role) *Client {
	e.T.Helper()
	email := string(role) + "@ops.example.com"
	e.AddOperator(email, role)
	return e.SignIn(email)
}

// Rights are each role's rights as issue 32 gives them, written out here rather than read
// from the ops package, so that a change there fails the tables that use them.
var Rights = map[ops.Role][]ops.Perm{
	ops.RoleViewer:  {ops.PermRead},
	ops.RoleSupport: {ops.PermRead, ops.PermUsers, ops.PermContent},
	ops.RoleFinance: {ops.PermRead, ops.PermFinance},
	ops.RoleOwner:   {ops.PermRead, ops.PermUsers, ops.PermContent, ops.PermFinance, ops.PermCoins, ops.PermOperators},
}

// CheckPermissions checks that routes are exactly those of want ("METHOD path" to the
// right each needs, written out by the test), then calls each with every role and with no
// session: a route the role has the right to is not refused (no 401, no 403); one it has
// not is 403 ops.forbidden naming the right; without a session every route is 401. A
// path's {id} is an id no row has, so an allowed write changes nothing; a route that asks
// the code again gets it.
func CheckPermissions(t *testing.T, e *Env, routes []ops.Route, want map[string]ops.Perm) {
	t.Helper()
	seen := map[string]bool{}
	for _, r := range routes {
		k := r.Method + " " + r.Path
		seen[k] = true
		if p, ok := want[k]; !ok || p != r.Perm {
			t.Errorf("%s needs %q, the table says %q", k, r.Perm, p)
		}
		if r.Method != "GET" && r.Perm == ops.PermFinance && !r.NeedsCode() {
			t.Errorf("%s, a finance write, does not ask the code again", k)
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("%s is in the table but not served", k)
		}
	}
	body := func(r ops.Route) any {
		if r.Method == "GET" {
			return nil
		}
		return map[string]string{}
	}
	path := func(r ops.Route) string { return strings.ReplaceAll(r.Path, "{id}", "999999") }
	anon := e.Client()
	for _, r := range routes {
		if a := anon.Do(r.Method, path(r), body(r)); a.Status != 401 || a.ErrorCode() != "ops.signInRequired" {
			t.Errorf("anonymous %s %s: %d %s, want 401 ops.signInRequired", r.Method, r.Path, a.Status, a.Body)
		}
	}
	for _, role := range ops.Roles {
		c := e.Operator(role)
		for _, r := range routes {
			var header []string
			if r.NeedsCode() {
				header = []string{ops.TOTPHeader, e.Code(c.Email)}
			}
			a := c.Do(r.Method, path(r), body(r), header...)
			allowed := slices.Contains(Rights[role], r.Perm)
			switch {
			case allowed && (a.Status == 403 || a.Status == 401):
				t.Errorf("%s %s %s: refused %d %s", role, r.Method, r.Path, a.Status, a.Body)
			case !allowed && (a.Status != 403 || a.ErrorCode() != "ops.forbidden" || !strings.Contains(string(a.Data), `"permission":"`+string(r.Perm)+`"`)):
				t.Errorf("%s %s %s: %d %s, want 403 ops.forbidden naming %s", role, r.Method, r.Path, a.Status, a.Body, r.Perm)
			}
		}
	}
}
