package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/twofactor"
)

// The operator console's API is on --admin-http only: an operator signs in there, and
// neither the session's cookie nor its token opens anything on --http, where /ops/api/
// is not served at all.
func TestConsoleSessionOnlyOnTheAdminListener(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "poold.db")
	const email, password = "root@ops.example.com", "a long operator password"
	if err := Run(context.Background(), []string{"migrate", "--db", dbPath}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if out, err := runAdmin(t, password+"\n", "--db", dbPath, "operator", "add", email, "--role", "owner", "--password-stdin"); err != nil {
		t.Fatalf("operator add: %v\n%s", err, out)
	}
	p := serveForTest(t, "--admin-http", "127.0.0.1:0", "--db", dbPath)
	if p.adminURL == "" {
		t.Fatal("no admin listening line")
	}
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Transport: uncheckedTransport(), Jar: jar}
	post := func(base, path string, body any) (int, string, http.Header) {
		t.Helper()
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw), resp.Header
	}
	get := func(url string, header ...string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", url, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw)
	}

	// The public listener has no console: no sign-in there.
	if status, body, h := post(p.httpURL, "/ops/api/v1/login", map[string]string{"email": email, "password": password}); status == 200 && strings.Contains(body, `"step"`) || h.Get("Set-Cookie") != "" {
		t.Fatalf("sign-in on --http: %d %s %v", status, body, h)
	}
	status, body, _ := post(p.adminURL, "/ops/api/v1/login", map[string]string{"email": email, "password": password})
	var login struct {
		Data struct {
			Step, Secret string
		}
	}
	if status != 200 || json.Unmarshal([]byte(body), &login) != nil || login.Data.Step != "enrol" {
		t.Fatalf("sign-in on --admin-http: %d %s", status, body)
	}
	code, _ := twofactor.Code(login.Data.Secret, time.Now())
	status, body, h := post(p.adminURL, "/ops/api/v1/enrol", map[string]string{"code": code})
	if status != 200 {
		t.Fatalf("enrol: %d %s", status, body)
	}
	var token string
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == "ops_session" {
			token = c.Value
		}
	}
	if token == "" {
		t.Fatalf("no session cookie: %v", h)
	}
	if status, body := get(p.adminURL + "/ops/api/v1/me"); status != 200 || !strings.Contains(body, email) {
		t.Fatalf("me on --admin-http: %d %s", status, body)
	}
	// The same session on --http: the cookie (sent by hand: the jar keeps it per host and
	// port), and the token as a user's x-token.
	cookie := "ops_session=" + token
	for _, path := range []string{"/ops/api/v1/me", "/ops/api/v1/operators", "/ops/api/v1/audit"} {
		status, body := get(p.httpURL+path, "Cookie", cookie)
		if strings.Contains(body, email) || (status == 200 && strings.Contains(body, `"code":0`)) {
			t.Errorf("%s on --http with the console's cookie: %d %.200s", path, status, body)
		}
	}
	if status, body := get(p.httpURL+"/api/pc/v1/customer/baseInfo", "x-token", token, "Cookie", cookie); status != 401 || strings.Contains(body, email) {
		t.Errorf("the console's token as a user's on --http: %d %.200s", status, body)
	}
	// Still signed in on the admin listener.
	if status, _ := get(p.adminURL + "/ops/api/v1/me"); status != 200 {
		t.Fatalf("me on --admin-http after: %d", status)
	}
	out, err := runAdmin(t, "", "--db", dbPath, "audit", "list")
	if err != nil || !strings.Contains(out, "operator.enrol") || !strings.Contains(out, "operator.add") {
		t.Fatalf("audit list: %v\n%s", err, out)
	}
}
