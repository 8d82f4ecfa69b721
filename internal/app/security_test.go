package app

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// docs/security.md, one test per audit finding.

// Every answer, the web app's pages and the API's, carries the security headers; HSTS
// only when the request came over HTTPS (here: a trusted proxy says so).
func TestSecurityHeadersOnAppAndAPI(t *testing.T) {
	d := dbtest.SQLite(t)
	srv := testServer(t, d, nil)
	for _, path := range []string{"/", "/account/orePoolDeviceOverview", "/version.json", "/healthz",
		"/api/pc/v1/common/basic/language/list", "/api/pc/v1/nothing/here", "/legal/Privacy-Policy/en_US"} {
		h := headersOf(t, srv.URL+path, nil)
		for name, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"X-Frame-Options":        "DENY",
			"Referrer-Policy":        "no-referrer",
		} {
			if got := h.Get(name); got != want {
				t.Errorf("%s: %s = %q, want %q", path, name, got, want)
			}
		}
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: Content-Security-Policy %q does not refuse framing", path, csp)
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over plain HTTP", path)
		}
	}
	// The app may run its own scripts only: no inline script, no eval.
	app := headersOf(t, srv.URL+"/", nil).Get("Content-Security-Policy")
	if !strings.Contains(app, "script-src 'self';") || strings.Contains(app, "unsafe-eval") {
		t.Errorf("app policy %q", app)
	}
	// An API answer is data: it may load nothing.
	if api := headersOf(t, srv.URL+"/api/pc/v1/common/basic/language/list", nil).Get("Content-Security-Policy"); !strings.HasPrefix(api, "default-src 'none'") {
		t.Errorf("api policy %q", api)
	}

	// X-Forwarded-Proto counts only from a proxy the operator trusts.
	https := map[string]string{"X-Forwarded-Proto": "https"}
	if h := headersOf(t, srv.URL+"/", https); h.Get("Strict-Transport-Security") != "" {
		t.Errorf("HSTS from an untrusted X-Forwarded-Proto")
	}
	proxied := testServer(t, d, func(c *config.Config) { c.TrustProxy = true })
	if got := headersOf(t, proxied.URL+"/", https).Get("Strict-Transport-Security"); got != "max-age=31536000" {
		t.Errorf("HSTS behind a trusted proxy: %q", got)
	}
	if got := headersOf(t, proxied.URL+"/", map[string]string{"X-Forwarded-Proto": "http"}).Get("Strict-Transport-Security"); got != "" {
		t.Errorf("HSTS over http behind a proxy: %q", got)
	}
	// With the proxies named, a peer that is not one of them is not believed.
	elsewhere := testServer(t, d, func(c *config.Config) {
		c.TrustProxy, c.TrustedProxies = true, []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}
	})
	if got := headersOf(t, elsewhere.URL+"/", https).Get("Strict-Transport-Security"); got != "" {
		t.Errorf("HSTS from a peer outside --trust-proxy's list: %q", got)
	}
	listed := testServer(t, d, func(c *config.Config) {
		c.TrustProxy, c.TrustedProxies = true, []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	if got := headersOf(t, listed.URL+"/", https).Get("Strict-Transport-Security"); got != "max-age=31536000" {
		t.Errorf("HSTS through a listed proxy: %q", got)
	}
}

func headersOf(t *testing.T, url string, headers map[string]string) http.Header {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.Header
}

// The public /healthz says whether the server is up, nothing more (no version, no
// database kind); the details are on the admin listener.
func TestPublicHealthzSaysOnlyWhetherUp(t *testing.T) {
	d := dbtest.SQLite(t)
	srv := testServer(t, d, nil)
	for _, c := range []struct {
		status int
		want   string
	}{{200, `{"status":"ok"}`}, {503, `{"status":"unavailable"}`}} {
		if c.status == 503 {
			d.Close()
		}
		resp, err := http.Get(srv.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || strings.TrimSpace(string(raw)) != c.want {
			t.Errorf("healthz: %d %s, want %d %s", resp.StatusCode, raw, c.status, c.want)
		}
	}
}

// /metrics on the public listener: absent without --metrics-token; with it, only for the
// bearer of the token.
func TestMetricsOnTheMainListenerNeedTheToken(t *testing.T) {
	d := dbtest.SQLite(t)
	const token = "scrape-me-0123456789abcdef"
	for _, c := range []struct {
		name, configured, sent string
		status                 int
	}{
		{"no token configured", "", "", 404},
		{"no token configured, one sent", "", token, 404},
		{"token configured, none sent", token, "", 401},
		{"wrong token", token, token + "x", 401},
		{"right token", token, token, 200},
	} {
		srv := testServer(t, d, func(cfg *config.Config) { cfg.MetricsToken = c.configured })
		req, _ := http.NewRequest("GET", srv.URL+"/metrics", nil)
		if c.sent != "" {
			req.Header.Set("Authorization", "Bearer "+c.sent)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s: %d, want %d", c.name, resp.StatusCode, c.status)
		}
		if scraped := strings.Contains(string(raw), "go_goroutines"); scraped != (c.status == 200) {
			t.Errorf("%s: figures served: %v", c.name, scraped)
		}
		if c.status == 401 && resp.Header.Get("WWW-Authenticate") != "Bearer" {
			t.Errorf("%s: WWW-Authenticate %q", c.name, resp.Header.Get("WWW-Authenticate"))
		}
	}
}

// servedPool is `poold serve` on free ports, its listening lines read.
type servedPool struct {
	httpURL, adminURL string
}

// serveForTest runs `poold serve --http 127.0.0.1:0` with extra flags until the test ends.
func serveForTest(t *testing.T, extra ...string) servedPool {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		args := append([]string{"serve", "--http", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "poold.db"), "--log-level", "error"}, extra...)
		err := Run(ctx, args, noEnv, nil, pw, io.Discard)
		pw.Close()
		done <- err
	}()
	var p servedPool
	lines := bufio.NewScanner(pr)
	for p.httpURL == "" && lines.Scan() {
		if u, ok := strings.CutPrefix(lines.Text(), "poold: admin listening on "); ok {
			p.adminURL = u
		}
		if u, ok := strings.CutPrefix(lines.Text(), "poold: listening on "); ok {
			p.httpURL = u
		}
	}
	if p.httpURL == "" {
		cancel()
		t.Fatalf("serve did not start: %v", <-done)
	}
	go io.Copy(io.Discard, pr)
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Error("serve did not stop")
		}
	})
	return p
}

// --admin-http serves /metrics and the detailed /healthz on a listener of its own; the
// public listener has neither.
func TestServeAdminListener(t *testing.T) {
	p := serveForTest(t, "--admin-http", "127.0.0.1:0")
	if p.adminURL == "" {
		t.Fatal("no admin listening line")
	}
	// The admin listener is not the API the OpenAPI document describes.
	admin := &http.Client{Transport: uncheckedTransport()}
	body := func(c *http.Client, url string) (int, string) {
		resp, err := c.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw)
	}
	if status, b := body(admin, p.adminURL+"/metrics"); status != 200 || !strings.Contains(b, "go_goroutines") || !strings.Contains(b, "poold_db_") {
		t.Errorf("admin /metrics: %d %.300s", status, b)
	}
	status, b := body(admin, p.adminURL+"/healthz")
	var health map[string]string
	if err := json.Unmarshal([]byte(b), &health); status != 200 || err != nil || health["status"] != "ok" || health["db"] != "sqlite" || health["version"] == "" {
		t.Errorf("admin /healthz: %d %s", status, b)
	}
	if status, _ := body(http.DefaultClient, p.httpURL+"/metrics"); status != 404 {
		t.Errorf("public /metrics: %d", status)
	}
	if status, b := body(http.DefaultClient, p.httpURL+"/healthz"); status != 200 || strings.Contains(b, "version") {
		t.Errorf("public /healthz: %d %s", status, b)
	}
}

// A request whose headers pass the cap (32 KiB) is answered 431 by `poold serve`.
func TestServeRefusesOversizedHeaders(t *testing.T) {
	p := serveForTest(t)
	status := rawStatusLine(t, strings.TrimPrefix(p.httpURL, "http://"),
		"GET / HTTP/1.1\r\nHost: x\r\nX-Big: "+strings.Repeat("a", 100<<10)+"\r\n\r\n")
	if !strings.HasPrefix(status, "HTTP/1.1 431 ") {
		t.Fatalf("100 KiB of headers: %q", status)
	}
	// A normal request on the same server is served.
	if status := rawStatusLine(t, strings.TrimPrefix(p.httpURL, "http://"), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); !strings.HasPrefix(status, "HTTP/1.1 200 ") {
		t.Fatalf("normal request: %q", status)
	}
}

// rawStatusLine sends request over a new TCP connection and answers the status line.
func rawStatusLine(t *testing.T, addr, request string) string {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// The server answers 431 as soon as it has read past the cap, maybe before the whole
	// request is written, so the write's error does not matter; the answer does.
	go func() { _, _ = io.WriteString(conn, request) }()
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	return strings.TrimSpace(line)
}

// Writes to the API take JSON only: the Content-Type says so, every field is one the call
// takes, and no key comes twice. Each refusal names what is wrong, in the caller's language.
func TestWritesTakeOnlyJSONBodies(t *testing.T) {
	d := dbtest.SQLite(t)
	srv := testServer(t, d, nil)
	const contact = "/api/pc/v1/contact"
	good := `{"name":"Li Wei","contactInformation":"li@example.com"}`
	for _, c := range []call{
		{name: "text/plain", method: "POST", path: contact, body: good, headers: en("Content-Type", "text/plain"), status: 415, code: 3, msg: "application/json"},
		{name: "form", method: "POST", path: contact, body: good, headers: en("Content-Type", "application/x-www-form-urlencoded"), status: 415, code: 3},
		{name: "another charset", method: "POST", path: contact, body: good, headers: en("Content-Type", "application/json; charset=iso-8859-1"), status: 415, code: 3},
		{name: "unknown field", method: "POST", path: contact, body: `{"name":"Li Wei","contactInformation":"li@example.com","isAdmin":true}`, headers: en(), status: 400, code: 3, msg: `"isAdmin"`},
		{name: "duplicate key", method: "POST", path: contact, body: `{"name":"Li Wei","contactInformation":"li@example.com","name":"Mallory"}`, headers: en(), status: 400, code: 3, msg: `"name"`},
		{name: "duplicate key in another case", method: "POST", path: contact, body: `{"name":"Li Wei","contactInformation":"li@example.com","NAME":"Mallory"}`, headers: en(), status: 400, code: 3, msg: `"NAME"`},
		{name: "unknown field holding an object", method: "POST", path: "/api/pc/v1/dashboard/income/calculate", body: `{"currencyType":"BTC","legalTender":"USD","extra":{"a":1}}`, headers: en(), status: 400, code: 3, msg: `"extra"`},
		{name: "charset utf-8", method: "POST", path: contact, body: good, headers: en("Content-Type", "application/json; charset=UTF-8"), status: 200, code: 0},
		{name: "plain JSON", method: "POST", path: contact, body: `{"name":"Li Wei","contactInformation":"li@example.com"}`, headers: en(), status: 200, code: 0},
		// A write without a body needs no Content-Type.
		{name: "no body", method: "POST", path: "/api/pc/v1/common/captcha/new", headers: en(), status: 200, code: 0},
	} {
		c.run(t, srv.URL)
	}
	// Each refusal is translated: the message is never the key itself.
	for _, lang := range []string{"zh_CN", "zh_HK", "en_US", "ko_KR"} {
		for _, c := range []call{
			{method: "POST", path: contact, body: good, headers: map[string]string{"language": lang, "Content-Type": "text/plain"}, status: 415, code: 3},
			{method: "POST", path: contact, body: `{"x":1}`, headers: map[string]string{"language": lang}, status: 400, code: 3, msg: `"x"`},
			{method: "POST", path: contact, body: `{"name":"a","name":"b"}`, headers: map[string]string{"language": lang}, status: 400, code: 3, msg: `"name"`},
		} {
			c.name = fmt.Sprintf("%s %s", lang, c.body)
			if env := c.run(t, srv.URL); strings.HasPrefix(env.Msg, "error.") {
				t.Errorf("%s: untranslated %q", c.name, env.Msg)
			}
		}
	}
}
