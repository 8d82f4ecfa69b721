package app

import (
	"bytes"
	"context"
	"io"
	"net"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
)

// lockedBuffer is a bytes.Buffer that a running server and the test may share.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// waitGoroutines waits until no more goroutines run than before, and fails with their
// stacks when some stay.
func waitGoroutines(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines left running (%d before):\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// failingDemoDB is a migrated SQLite file whose coins table refuses every insert, so
// that --demo fails when it seeds its coins (after the HTTP server is listening).
func failingDemoDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "poold.db")
	if err := Run(context.Background(), []string{"migrate", "--db", path, "--log-level", "error"}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Exec(context.Background(), `CREATE TRIGGER refuse_coins BEFORE INSERT ON coins
		BEGIN SELECT RAISE(ABORT, 'coins refused by the test'); END`); err != nil {
		t.Fatal(err)
	}
	return path
}

// A start that fails after the HTTP server is listening (here: demo seeding) stops what
// it started on the way out: Run answers the error, the HTTP port is closed and no
// goroutine of the server is left.
func TestServeStopsWhatItStartedWhenStartFails(t *testing.T) {
	path := failingDemoDB(t)
	before := runtime.NumGoroutine()
	var stdout lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), []string{"serve", "--http", "127.0.0.1:0", "--db", path, "--demo",
			"--stratum-bind", "127.0.0.1", "--log-level", "error"}, noEnv, nil, &stdout, io.Discard)
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not return after its start failed")
	}
	if err == nil || !strings.Contains(err.Error(), "demo data") || !strings.Contains(err.Error(), "coins refused by the test") {
		t.Fatalf("serve answered %v, want the demo seeding error", err)
	}
	m := regexp.MustCompile(`listening on http://(\S+)`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("the HTTP server never listened, so this test proves nothing:\n%s", stdout.String())
	}
	if c, err := net.DialTimeout("tcp", m[1], time.Second); err == nil {
		c.Close()
		t.Fatalf("%s still accepts connections after serve returned", m[1])
	}
	waitGoroutines(t, before)
}

// The same holds when the stratum role cannot start (its port is taken).
func TestServeStopsWhatItStartedWhenStratumFails(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	port := taken.Addr().(*net.TCPAddr).Port
	path := filepath.Join(t.TempDir(), "poold.db")
	add := []string{"admin", "--db", path, "coin", "add", "TST", "--name", "Test", "--algorithm", "sha256d", "--decimals", "8",
		"--ports", strconv.Itoa(port), "--driver", "devnet", "--open=true"}
	if err := Run(context.Background(), add, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	var stdout lockedBuffer
	err = Run(context.Background(), []string{"serve", "--http", "127.0.0.1:0", "--db", path, "--stratum-bind", "127.0.0.1",
		"--log-level", "error"}, noEnv, nil, &stdout, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "stratum role") {
		t.Fatalf("serve answered %v, want the stratum error (port %d taken)", err, port)
	}
	m := regexp.MustCompile(`listening on http://(\S+)`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("the HTTP server never listened:\n%s", stdout.String())
	}
	if c, err := net.DialTimeout("tcp", m[1], time.Second); err == nil {
		c.Close()
		t.Fatalf("%s still accepts connections after serve returned", m[1])
	}
	waitGoroutines(t, before)
}
