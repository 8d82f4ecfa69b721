package app

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func noEnv(string) string { return "" }

// serve starts, answers over real TCP, and stops cleanly when its context ends.
func TestRunServeStartsAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dbPath := filepath.Join(t.TempDir(), "nested", "poold.db")
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "--http", "127.0.0.1:0", "--db", dbPath, "--log-level", "warn"}, noEnv, nil, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no listening line: %v", err)
	}
	go io.Copy(io.Discard, pr)
	url := strings.TrimSpace(strings.TrimPrefix(line, "poold: listening on "))
	resp, err := http.Get(url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("healthz %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestRunRejectsBadConfiguration(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  map[string]string
		want []string
	}{
		{args: []string{"serve", "--roles", "api,mining", "--maintenance", "sometimes"}, want: []string{`unknown role "mining"`, `--maintenance: "sometimes"`}},
		{args: []string{"serve", "--http", "8080"}, want: []string{`--http: "8080" is not host:port`}},
		{args: []string{"serve", "--db", "mysql://x"}, want: []string{"--db"}},
		{args: []string{"serve", "--default-lang", "fr_FR", "--smtp-tls", "maybe"}, want: []string{"--default-lang", "--smtp-tls"}},
		{args: []string{"serve", "--smtp-user", "u"}, want: []string{"--smtp-user and --smtp-password go together"}},
		{args: []string{"serve"}, env: map[string]string{"POOLD_SHUTDOWN_TIMEOUT": "soon"}, want: []string{"POOLD_SHUTDOWN_TIMEOUT"}},
		{args: []string{"serve"}, env: map[string]string{"POOLD_REDIS": "http://x"}, want: []string{"--redis"}},
		{args: []string{"serve", "--trust-proxy", "10.0.0.1"}, want: []string{`poold serve takes no arguments, got ["10.0.0.1"]`, "--trust-proxy=10.0.0.1"}},
		{args: []string{"serve", "--trust-proxy=proxy.internal"}, want: []string{`"proxy.internal" is not an address or a network`}},
		{args: []string{"frobnicate"}, want: []string{`unknown subcommand "frobnicate"`}},
		{args: []string{}, want: []string{"no subcommand"}},
	} {
		getenv := func(k string) string { return c.env[k] }
		err := Run(context.Background(), c.args, getenv, nil, io.Discard, io.Discard)
		if err == nil {
			t.Errorf("%v %v: accepted", c.args, c.env)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: error %q does not say %q", c.args, err, w)
			}
		}
	}
}

// Flags win over the environment; the environment fills what flags leave unset.
func TestRunTakesEnvironment(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"POOLD_DB": filepath.Join(dir, "env.db")}
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"admin", "sysconfig", "set", "global", "telegram_url", "https://t.me/a"}, func(k string) string { return env[k] }, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := Run(context.Background(), []string{"admin", "--db", filepath.Join(dir, "env.db"), "sysconfig", "list"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"https://t.me/a"`) {
		t.Fatalf("setting not in the env database:\n%s", out.String())
	}
	// --db after the verb is the same as before it, and creates nothing in the working folder.
	if err := Run(context.Background(), []string{"admin", "sysconfig", "set", "global", "telegram_url", "https://t.me/b", "--db", filepath.Join(dir, "env.db")}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := Run(context.Background(), []string{"admin", "sysconfig", "list", "--db=" + filepath.Join(dir, "env.db")}, noEnv, nil, &out, io.Discard); err != nil || !strings.Contains(out.String(), `"https://t.me/b"`) {
		t.Fatalf("trailing --db: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := Run(context.Background(), []string{"version"}, noEnv, nil, &out, io.Discard); err != nil || !strings.HasPrefix(out.String(), "poold dev") {
		t.Fatalf("version: %q %v", out.String(), err)
	}
	if err := Run(context.Background(), []string{"migrate", "--db", filepath.Join(dir, "m.db")}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), []string{"admin", "--db", filepath.Join(dir, "m.db"), "bogus"}, noEnv, nil, io.Discard, io.Discard); err == nil {
		t.Fatal("unknown admin area accepted")
	}
}

// Under systemd (NOTIFY_SOCKET), serve says READY=1 once it listens, and STOPPING=1 when
// it stops.
func TestServeNotifiesSystemd(t *testing.T) {
	socket := filepath.Join(t.TempDir(), "notify")
	systemd, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: socket, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer systemd.Close()
	receive := func() string {
		t.Helper()
		_ = systemd.SetReadDeadline(time.Now().Add(30 * time.Second))
		buf := make([]byte, 4096)
		n, err := systemd.Read(buf)
		if err != nil {
			t.Fatalf("no notification: %v", err)
		}
		return string(buf[:n])
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout := &lockedBuffer{}
	done := make(chan error, 1)
	getenv := func(k string) string {
		if k == "NOTIFY_SOCKET" {
			return socket
		}
		return ""
	}
	go func() {
		done <- Run(ctx, []string{"serve", "--http", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "poold.db"), "--log-level", "warn"}, getenv, nil, stdout, io.Discard)
	}()
	if got := receive(); !strings.HasPrefix(got, "READY=1\n") || !strings.Contains(got, "STATUS=serving roles api,stratum,jobs") {
		t.Fatalf("first notification %q", got)
	}
	// Ready means listening: the address is out and answers.
	m := regexp.MustCompile(`listening on (http://\S+)`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("READY=1 before the listening line:\n%s", stdout.String())
	}
	resp, err := http.Get(m[1] + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	cancel()
	if got := receive(); got != "STOPPING=1" {
		t.Fatalf("notification on stop %q", got)
	}
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v", err)
	}
}
