package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account/accounttest"
)

// runningServe is a whole `poold serve` started through Run on a free loopback port.
type runningServe struct {
	URL         string
	Outbox      string
	Stdout      *lockedBuffer
	Stderr      *lockedBuffer // the log, when started by startServeOn
	StratumPort int           // the coin's pool port, when started by startServeOn
}

// testClockClient talks to the test clock endpoint on a transport of its own.
var testClockClient = &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}

// startServe runs Run("serve", args...) until the test ends, with its own database and
// outbox, and waits for the listening line.
func startServe(t *testing.T, args ...string) runningServe {
	t.Helper()
	dir := t.TempDir()
	s := runningServe{Outbox: filepath.Join(dir, "outbox.log"), Stdout: &lockedBuffer{}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	all := append([]string{"serve", "--http", "127.0.0.1:0", "--db", filepath.Join(dir, "poold.db"), "--outbox", s.Outbox,
		"--roles", "api", "--log-level", "error"}, args...)
	go func() { done <- Run(ctx, all, noEnv, nil, s.Stdout, io.Discard) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("serve did not stop")
		}
	})
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if m := regexp.MustCompile(`listening on (http://\S+)`).FindStringSubmatch(s.Stdout.String()); m != nil {
			s.URL = m[1]
			return s
		}
		select {
		case err := <-done:
			t.Fatalf("serve stopped at start: %v\n%s", err, s.Stdout.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not listen:\n%s", s.Stdout.String())
	return s
}

// do sends one request and decodes the envelope; status is the HTTP status.
func (s runningServe) do(t *testing.T, method, path string, body any, headers ...string) (status int, env envelope) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("language", "en_US")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	client := http.DefaultClient
	if strings.HasPrefix(path, testClockPath) {
		// The test endpoint is on purpose no part of the API document; its calls go
		// around the package's OpenAPI contract check (TestMain wraps DefaultTransport).
		client = testClockClient
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("%s %s: not an envelope (%d): %s", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, env
}

// ok sends a request that must succeed and answers its data.
func (s runningServe) ok(t *testing.T, method, path string, body any) json.RawMessage {
	t.Helper()
	status, env := s.do(t, method, path, body)
	if status != 200 || env.Code != 0 {
		t.Fatalf("%s %s: %d code %d %s", method, path, status, env.Code, env.Msg)
	}
	return env.Data
}

// ticket passes a slider through the API.
func (s runningServe) ticket(t *testing.T) string {
	t.Helper()
	check := accounttest.CaptchaCheck(t, s.ok(t, "POST", "/api/pc/v1/common/captcha/new", nil))
	var tk struct{ Ticket string }
	_ = json.Unmarshal(s.ok(t, "POST", "/api/pc/v1/common/captcha/check", check), &tk)
	return tk.Ticket
}

// sendCode asks for an email code and answers the HTTP status and envelope.
func (s runningServe) sendCode(t *testing.T, email, scene, ticket string) (int, envelope) {
	t.Helper()
	q := url.Values{"email": {email}, "scenes": {scene}, "ticket": {ticket}}
	return s.do(t, "GET", "/api/pc/v1/common/customer/email/send?"+q.Encode(), nil)
}

// lastCode is the newest code in the outbox.
func (s runningServe) lastCode(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(s.Outbox)
	if err != nil {
		t.Fatal(err)
	}
	all := regexp.MustCompile(`(?m)^Code: (\d{6})`).FindAllStringSubmatch(string(raw), -1)
	if len(all) == 0 {
		t.Fatalf("no code in the outbox:\n%s", raw)
	}
	return all[len(all)-1][1]
}

// advance moves the test clock on.
func (s runningServe) advance(t *testing.T, d time.Duration) {
	t.Helper()
	s.ok(t, "POST", testClockPath, map[string]any{"seconds": d.Seconds()})
}

// Without --test-clock there is no clock endpoint: an unknown API path like any other.
func TestTestClockEndpointNeedsTheFlag(t *testing.T) {
	s := startServe(t)
	for _, method := range []string{"POST", "GET"} {
		status, env := s.do(t, method, testClockPath, map[string]any{"seconds": 61})
		if status != http.StatusNotFound || env.Code != 3 {
			t.Fatalf("%s %s without the flag: %d code %d %s", method, testClockPath, status, env.Code, env.Msg)
		}
	}
	if strings.Contains(s.Stdout.String(), "test-clock") {
		t.Fatalf("a warning about a clock that is not on:\n%s", s.Stdout.String())
	}
}

// With --test-clock, moving the clock passes the wait between two codes, expires codes,
// slider tickets and login throttling: the account rules and the failure guard read that clock.
func TestTestClockMovesAccountTimes(t *testing.T) {
	s := startServe(t, "--test-clock")
	if !strings.Contains(s.Stdout.String(), "WARNING: --test-clock is on") {
		t.Fatalf("no warning at start:\n%s", s.Stdout.String())
	}
	const email = "clock@example.org"

	// The endpoint refuses what it should.
	for _, c := range []struct {
		method  string
		body    any
		headers []string
		status  int
	}{
		{"GET", nil, nil, http.StatusMethodNotAllowed},
		{"POST", map[string]any{"seconds": 0}, nil, http.StatusBadRequest},
		{"POST", map[string]any{"seconds": -5}, nil, http.StatusBadRequest},
		{"POST", map[string]any{"seconds": 400 * 24 * 3600}, nil, http.StatusBadRequest},
		{"POST", map[string]any{"minutes": 1}, nil, http.StatusBadRequest},
		{"POST", map[string]any{"seconds": 61}, []string{"X-Forwarded-For", "203.0.113.9"}, http.StatusForbidden},
		{"POST", map[string]any{"seconds": 61}, []string{"Forwarded", "for=203.0.113.9"}, http.StatusForbidden},
	} {
		if status, env := s.do(t, c.method, testClockPath, c.body, c.headers...); status != c.status || env.Code != 3 {
			t.Errorf("%s %v %v: %d code %d %s, want %d", c.method, c.body, c.headers, status, env.Code, env.Msg, c.status)
		}
	}

	// The 60 s between two codes to one address.
	if status, env := s.sendCode(t, email, "register", s.ticket(t)); status != 200 || env.Code != 0 {
		t.Fatalf("first code: %d %d %s", status, env.Code, env.Msg)
	}
	if status, env := s.sendCode(t, email, "register", s.ticket(t)); status != http.StatusTooManyRequests {
		t.Fatalf("second code at once: %d %d %s, want 429", status, env.Code, env.Msg)
	}
	s.advance(t, 61*time.Second)
	if status, env := s.sendCode(t, email, "register", s.ticket(t)); status != 200 || env.Code != 0 {
		t.Fatalf("code after 61 s: %d %d %s", status, env.Code, env.Msg)
	}

	// A slider ticket lasts 2 minutes; the code sent before the clock moves lasts 10.
	stale := s.ticket(t)
	expired := s.lastCode(t)
	s.advance(t, 10*time.Minute+time.Second)
	if status, env := s.sendCode(t, "other@example.org", "register", stale); status != 400 || env.Code != 3 {
		t.Fatalf("ticket after 10 min: %d %d %s, want refused", status, env.Code, env.Msg)
	}
	register := map[string]any{"email": email, "emailCode": expired, "nickName": "clock_one", "password": "Passw0rd!", "agentInviteCode": nil}
	if status, env := s.do(t, "POST", "/api/pc/v1/common/customer/register/email", register); status != 400 || env.Code != 3 {
		t.Fatalf("code after 10 min: %d %d %s, want refused", status, env.Code, env.Msg)
	}
	s.sendCode(t, email, "register", s.ticket(t))
	register["emailCode"] = s.lastCode(t)
	s.ok(t, "POST", "/api/pc/v1/common/customer/register/email", register)

	// Five wrong passwords from one address make it wait (15 s, doubling with each more).
	login := func(password string) (int, envelope) {
		return s.do(t, "POST", "/api/pc/v1/common/customer/login/email/pwd", map[string]any{"email": email, "password": password, "ticket": s.ticket(t)})
	}
	for range 5 {
		login("wrong-password")
	}
	if status, env := login("Passw0rd!"); status != http.StatusTooManyRequests {
		t.Fatalf("login while locked: %d %d %s, want 429", status, env.Code, env.Msg)
	}
	s.advance(t, 15*time.Minute+time.Second)
	if status, env := login("Passw0rd!"); status != 200 || env.Code != 0 {
		t.Fatalf("login after the lockout: %d %d %s", status, env.Code, env.Msg)
	}
}
