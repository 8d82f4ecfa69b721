package app

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/stratum"
)

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// poold serve with a devnet coin: a miner connects over TCP with a sub-account worker
// name, its shares are accepted, and after a graceful stop every accepted share is in
// share_minutes and the device exists.
func TestServeStratumRoleCountsSharesThroughShutdown(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "poold.db")
	port := freePort(t)
	admin := func(args ...string) {
		t.Helper()
		if err := Run(context.Background(), append([]string{"admin", "--db", dbPath}, args...), noEnv, nil, io.Discard, io.Discard); err != nil {
			t.Fatalf("admin %v: %v", args, err)
		}
	}
	admin("coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--ports", fmt.Sprint(port), "--driver", "devnet",
		"--driver-config", "network_hashrate=1e12", "--driver-config", "other_miners=false", "--driver-config", "start_difficulty=0.00002")

	// A user with a sub-account, made through the stores the API uses.
	d, err := db.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	u, err := (&account.Store{DB: d}).CreateUser(context.Background(), d, account.User{Nickname: "miner", PasswordHash: "x",
		AccountType: account.TypeNormal, Status: account.StatusActive, Lang: "en_US", Email: "m@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&pool.Store{DB: d}).CreateSubAccount(context.Background(), u.ID, "farm1", "Farm", "BTC"); err != nil {
		t.Fatal(err)
	}
	d.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "--http", "127.0.0.1:0", "--db", dbPath, "--stratum-bind", "127.0.0.1", "--log-level", "error"}, noEnv, nil, pw, io.Discard)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	started := false
	for !started && lines.Scan() {
		started = strings.Contains(lines.Text(), "stratum for BTC (devnet)")
	}
	if !started {
		t.Fatalf("serve stopped before its stratum listener started: %v", <-done)
	}
	go io.Copy(io.Discard, pr)

	mctx, mcancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer mcancel()
	c, err := stratum.Dial(mctx, fmt.Sprintf("127.0.0.1:%d", port), stratum.ClientOptions{UserAgent: "cgminer/4.12.1"})
	if err != nil {
		t.Fatal(err)
	}
	en1, en2Size, err := c.Subscribe(mctx)
	if err != nil {
		t.Fatal(err)
	}
	var se *stratum.Error
	if err := c.Authorize(mctx, "nobody.rig", "x"); !errors.As(err, &se) || !strings.Contains(se.Message, "unknown sub-account") {
		t.Fatalf("unknown sub-account: %v", err)
	}
	if err := c.Authorize(mctx, "farm1."+strings.Repeat("x", 16), "x"); !errors.As(err, &se) || !strings.Contains(se.Message, "bad worker name") {
		t.Fatalf("16-character suffix: %v", err)
	}
	if err := c.Authorize(mctx, "farm1.rig01", "x"); err != nil {
		t.Fatal(err)
	}
	job := <-c.Jobs()
	accepted := 0
	for i := 0; accepted < 5; i++ {
		en2 := make([]byte, en2Size)
		en2[len(en2)-1] = byte(i)
		sol, ok, err := mining.Solve(job, chain.SHA256d, en1, en2, job.NTime, chain.DifficultyToTarget(c.Difficulty(), chain.SHA256d), 0, 1<<22)
		if err != nil || !ok {
			t.Fatalf("no solution: %v", err)
		}
		if err := c.Submit(mctx, "farm1.rig01", job.ID, en2, job.NTime, sol.Nonce, 0); err != nil {
			t.Fatalf("share %d: %v", i, err)
		}
		accepted++
	}
	c.Close()
	cancel() // graceful stop: the aggregator flushes on the way out
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}

	d, err = db.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var sum int
	var diff float64
	if err := d.QueryRow(context.Background(), "SELECT COALESCE(SUM(accepted), 0), COALESCE(SUM(diff_sum), 0) FROM share_minutes WHERE coin = 'BTC'").Scan(&sum, &diff); err != nil {
		t.Fatal(err)
	}
	if sum != accepted || diff <= 0 {
		t.Fatalf("share_minutes holds %d accepted (diff %g), the miner had %d accepted", sum, diff, accepted)
	}
	var worker, status string
	if err := d.QueryRow(context.Background(), "SELECT worker, status FROM devices").Scan(&worker, &status); err != nil {
		t.Fatal(err)
	}
	if worker != "rig01" {
		t.Fatalf("device worker %q", worker)
	}
}
