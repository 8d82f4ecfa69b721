package app

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/stratum"
	"github.com/uniplus-pool/pool/internal/testcert"
)

func freePort(t testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// devnetPool is poold serve running a devnet BTC coin with one user and sub-account farm1.
type devnetPool struct {
	dbPath   string
	port     int
	soloPort int          // its coin's solo port, when coinFlags gave --solo-ports
	httpURL  string       // http://127.0.0.1:port of its api
	adminURL string       // of its admin listener, when started with --admin-http
	stop     func() error // graceful stop; returns serve's error
}

// takenPortForTest, when set, is the port the next devnet pool's coin is given first
// (TestDevnetPoolMovesOffATakenPort).
var takenPortForTest int

// A port taken between freePort and serve's listen (by a test of another package) moves
// the coin to another port instead of failing the test (it did, in CI).
func TestDevnetPoolMovesOffATakenPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	taken := ln.Addr().(*net.TCPAddr).Port
	takenPortForTest = taken
	if p := startDevnetPool(t); p.port == taken {
		t.Fatalf("serve on the taken port %d", taken)
	}
	// So does a solo port.
	p := startDevnetPoolWith(t, []string{"--solo-ports", fmt.Sprint(taken)})
	if p.soloPort == taken || p.soloPort == 0 {
		t.Fatalf("solo port %d (%d was taken)", p.soloPort, taken)
	}
	c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", p.soloPort))
	if err != nil {
		t.Fatalf("solo port %d: %v", p.soloPort, err)
	}
	c.Close()
	// And startServeOn (the litecoind withdrawal test's).
	dbPath := filepath.Join(t.TempDir(), "poold.db")
	add := []string{"admin", "--db", dbPath, "coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d",
		"--ports", fmt.Sprint(taken), "--driver", "devnet"}
	if err := Run(context.Background(), add, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	s := startServeOn(t, dbPath, "BTC", "--stratum-bind", "127.0.0.1")
	if s.StratumPort == taken || s.StratumPort == 0 {
		t.Fatalf("startServeOn's stratum on %d (%d was taken)", s.StratumPort, taken)
	}
	c, err = net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", s.StratumPort))
	if err != nil {
		t.Fatalf("stratum port %d: %v", s.StratumPort, err)
	}
	c.Close()
}

func startDevnetPool(t testing.TB, extra ...string) *devnetPool {
	t.Helper()
	return startDevnetPoolWith(t, []string{"--driver-config", "start_difficulty=0.00002"}, extra...)
}

// startDevnetPoolWith adds coinFlags to the coin and extra to serve.
func startDevnetPoolWith(t testing.TB, coinFlags []string, extra ...string) *devnetPool {
	t.Helper()
	return startDevnetPoolOn(t, "", coinFlags, extra...)
}

// startDevnetPoolOn is startDevnetPoolWith on the database dsn (a PostgreSQL URL), or on
// a SQLite file of its own when dsn is empty.
func startDevnetPoolOn(t testing.TB, dsn string, coinFlags []string, extra ...string) *devnetPool {
	t.Helper()
	dbPath := dsn
	if dbPath == "" {
		dbPath = filepath.Join(t.TempDir(), "poold.db")
	}
	port := freePort(t)
	if takenPortForTest != 0 {
		port, takenPortForTest = takenPortForTest, 0
	}
	soloPort := 0
	if i := slices.Index(coinFlags, "--solo-ports"); i >= 0 && i+1 < len(coinFlags) {
		soloPort, _ = strconv.Atoi(coinFlags[i+1])
	}
	add := append([]string{"admin", "--db", dbPath, "coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d",
		"--ports", fmt.Sprint(port), "--driver", "devnet", "--driver-config", "network_hashrate=1e12", "--driver-config", "other_miners=false"}, coinFlags...)
	if err := Run(context.Background(), add, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
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
	// The ports were free when asked for, but a test of another package may take one
	// before serve listens: then the coin moves that port to another one.
	for attempt := 1; ; attempt++ {
		p, err := tryServeDevnetPool(t, dbPath, port, soloPort != 0, extra...)
		if err == nil {
			p.soloPort = soloPort
			return p
		}
		if attempt == 5 || !strings.Contains(err.Error(), "address already in use") {
			t.Fatalf("serve stopped before its stratum listener started: %v", err)
		}
		move := []string{"--ports", ""}
		if soloPort != 0 && strings.Contains(err.Error(), fmt.Sprintf(":%d:", soloPort)) {
			soloPort = freePort(t)
			move = []string{"--solo-ports", fmt.Sprint(soloPort)}
		} else {
			port = freePort(t)
			move[1] = fmt.Sprint(port)
		}
		if err := Run(context.Background(), append([]string{"admin", "--db", dbPath, "coin", "set", "BTC", "--reason", "test: free port"}, move...), noEnv, nil, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
}

// serveDevnetPool starts poold serve on a database that has the devnet coin on port.
func serveDevnetPool(t testing.TB, dbPath string, port int, extra ...string) *devnetPool {
	t.Helper()
	p, err := tryServeDevnetPool(t, dbPath, port, false, extra...)
	if err != nil {
		t.Fatalf("serve stopped before its stratum listener started: %v", err)
	}
	return p
}

// tryServeDevnetPool is serveDevnetPool answering serve's error if it stopped first;
// with solo it waits for the coin's solo port too (opened after the pool's).
func tryServeDevnetPool(t testing.TB, dbPath string, port int, solo bool, extra ...string) (*devnetPool, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		args := append([]string{"serve", "--http", "127.0.0.1:0", "--db", dbPath, "--stratum-bind", "127.0.0.1", "--log-level", "error"}, extra...)
		done <- Run(ctx, args, noEnv, nil, pw, io.Discard)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	started, poolUp := false, false
	httpURL, adminURL := "", ""
	for !started && lines.Scan() {
		if u, ok := strings.CutPrefix(lines.Text(), "poold: listening on "); ok {
			httpURL = u
		}
		if u, ok := strings.CutPrefix(lines.Text(), "poold: admin listening on "); ok {
			adminURL = u
		}
		if strings.Contains(lines.Text(), "stratum for BTC (devnet)") {
			poolUp = true
		}
		if strings.Contains(lines.Text(), "stratum for BTC/solo (devnet)") {
			solo = false
		}
		started = poolUp && !solo
	}
	if !started {
		cancel()
		err := <-done
		if err == nil {
			err = errors.New("serve ended")
		}
		return nil, err
	}
	go io.Copy(io.Discard, pr)
	p := &devnetPool{dbPath: dbPath, port: port, httpURL: httpURL, adminURL: adminURL}
	stopped := false
	p.stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(20 * time.Second):
			return errors.New("serve did not stop")
		}
	}
	t.Cleanup(func() { _ = p.stop() })
	return p, nil
}

// poold serve with a devnet coin: a miner connects over TCP with a sub-account worker
// name, its shares are accepted, and after a graceful stop every accepted share is in
// share_minutes and the device exists.
func TestServeStratumRoleCountsSharesThroughShutdown(t *testing.T) {
	p := startDevnetPool(t, "--admin-http", "127.0.0.1:0")
	port, dbPath := p.port, p.dbPath
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
	// The pool's own figures are on the admin listener's /metrics (not the API the
	// OpenAPI document describes).
	resp, err := (&http.Client{Transport: uncheckedTransport()}).Get(p.adminURL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	scraped, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		fmt.Sprintf(`poold_stratum_shares_total{coin="BTC",result="accepted"} %d`, accepted),
		fmt.Sprintf(`poold_stratum_connections{coin="BTC",listener="127.0.0.1:%d"} 1`, port),
		// Trends ran at start, and again if a 10-minute period began since (any count).
		`poold_job_duration_seconds_count{job="trends",outcome="ok"} `,
		// The wallet check ran at start too: the devnet wallet sent nothing the pool has
		// no payout for.
		`poold_wallet_unknown_sends{coin="BTC"} 0`,
	} {
		if !strings.Contains(string(scraped), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	c.Close()
	// Graceful stop: the aggregator flushes on the way out.
	if err := p.stop(); err != nil {
		t.Fatalf("serve: %v", err)
	}

	d, err := db.Open(context.Background(), dbPath)
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

// poold sim mines against the pool over TCP and reports what it measured; the pool
// counted the same accepted shares.
func TestSimCommandMinesAgainstServe(t *testing.T) {
	// Shares cheap enough that each worker finds dozens in the run even under -race on a
	// busy machine: at 0.00002 a worker expected only ~4 and sometimes found none.
	p := startDevnetPoolWith(t, []string{"--driver-config", "start_difficulty=0.000002", "--driver-config", "min_difficulty=0.000001"})
	var out strings.Builder
	err := Run(context.Background(), []string{"sim", "--stratum", fmt.Sprintf("127.0.0.1:%d", p.port), "--workers", "farm1.sim01,farm1.sim02",
		"--rate", "0", "--duration", "1500ms", "--report", "1h"}, noEnv, nil, &out, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var accepted int
	for _, w := range []string{"farm1.sim01", "farm1.sim02"} {
		n := simAccepted(out.String(), w)
		if n == 0 {
			t.Fatalf("%s accepted nothing:\n%s", w, out.String())
		}
		accepted += n
	}
	if accepted == 0 {
		t.Fatalf("no miner lines:\n%s", out.String())
	}
	if err := p.stop(); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(context.Background(), p.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var sum int
	if err := d.QueryRow(context.Background(), "SELECT COALESCE(SUM(accepted), 0) FROM share_minutes").Scan(&sum); err != nil {
		t.Fatal(err)
	}
	if sum != accepted {
		t.Fatalf("pool counted %d accepted shares, the fleet %d", sum, accepted)
	}
	if err := Run(context.Background(), []string{"sim"}, noEnv, nil, io.Discard, io.Discard); err == nil {
		t.Fatal("sim without miners accepted")
	}
}

// With a certificate, the stratum listeners speak TLS; a client that trusts the
// certificate mines, a plain-TCP client gets nowhere.
func TestServeStratumOverTLS(t *testing.T) {
	dir := t.TempDir()
	certPath, keyPath, pool := selfSignedFiles(t, dir)
	p := startDevnetPool(t, "--stratum-tls-cert", certPath, "--stratum-tls-key", keyPath)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	addr := fmt.Sprintf("127.0.0.1:%d", p.port)
	c, err := stratum.Dial(ctx, addr, stratum.ClientOptions{TLSConfig: &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, _, err := c.Subscribe(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Authorize(ctx, "farm1.tls", "x"); err != nil {
		t.Fatal(err)
	}
	plain, err := stratum.Dial(ctx, addr, stratum.ClientOptions{})
	if err == nil {
		defer plain.Close()
		short, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		if _, _, err := plain.Subscribe(short); err == nil {
			t.Fatal("a plain-TCP client subscribed to a TLS listener")
		}
	}
	// The certificate is renewed in place: new connections get the new one within
	// seconds, and the miner already connected stays, and mines.
	next, err := testcert.New("pool.test", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if err := next.WriteFiles(certPath, keyPath); err != nil {
		t.Fatal(err)
	}
	renewed := next.Roots
	deadline := time.Now().Add(8 * time.Second)
	for {
		c2, err := stratum.Dial(ctx, addr, stratum.ClientOptions{TLSConfig: &tls.Config{RootCAs: renewed, ServerName: "127.0.0.1"}})
		if err == nil {
			c2.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the renewed certificate is not served: %v", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err := c.Authorize(ctx, "farm1.tls2", "x"); err != nil {
		t.Fatalf("the miner connected before the renewal: %v", err)
	}
}

func selfSignedFiles(t *testing.T, dir string) (certPath, keyPath string, pool *x509.CertPool) {
	t.Helper()
	c, err := testcert.New("pool.test", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	certPath, keyPath = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := c.WriteFiles(certPath, keyPath); err != nil {
		t.Fatal(err)
	}
	return certPath, keyPath, c.Roots
}

// poold sim --replay submits precomputed distinct valid shares; the pool accepts them all.
func TestSimReplay(t *testing.T) {
	p := startDevnetPool(t)
	var out strings.Builder
	err := Run(context.Background(), []string{"sim", "--stratum", fmt.Sprintf("127.0.0.1:%d", p.port), "--workers", "farm1.load1",
		"--replay", "40"}, noEnv, nil, &out, io.Discard)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	f := strings.Fields(strings.Split(out.String(), "\n")[1])
	if len(f) != 8 || f[0] != "farm1.load1" || f[1] != "40" || f[3] != "40" || f[4] != "0" || f[5] != "0" {
		t.Fatalf("replay output:\n%s", out.String())
	}
}

// poold serve with a solo port: `poold sim` mines with a wallet address as its worker
// name, and every accepted share is kept one row for that address and rig after a
// graceful stop; a pool worker name is refused there.
func TestSimMinesToTheSoloPort(t *testing.T) {
	p := startDevnetPoolWith(t, []string{"--driver-config", "start_difficulty=0.000002", "--driver-config", "min_difficulty=0.000001",
		"--solo-ports", fmt.Sprint(freePort(t)), "--solo-fee-bps", "100"})
	soloPort := p.soloPort
	chainForAddress, err := devnet.New(devnet.DefaultConfig("BTC", chain.SHA256d))
	if err != nil {
		t.Fatal(err)
	}
	address, _ := chainForAddress.NewAddress(context.Background())
	soloAddr := fmt.Sprintf("127.0.0.1:%d", soloPort)
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", soloAddr)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("solo port: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := stratum.Dial(ctx, soloAddr, stratum.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Subscribe(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Authorize(ctx, "farm1.rig1", "x"); err == nil {
		t.Fatal("a pool worker name was authorized on the solo port")
	}
	c.Close()

	var out strings.Builder
	err = Run(context.Background(), []string{"sim", "--stratum", soloAddr, "--workers", address + ".rig1",
		"--rate", "0", "--duration", "1500ms", "--report", "1h"}, noEnv, nil, &out, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	accepted := simAccepted(out.String(), address+".rig1")
	if accepted == 0 {
		t.Fatalf("the solo miner accepted nothing:\n%s", out.String())
	}
	if err := p.stop(); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(context.Background(), p.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var rows, others, minutes int
	if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM solo_shares WHERE coin = 'BTC' AND address = ? AND worker = 'rig1' AND height > 0", address).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	_ = d.QueryRow(context.Background(), "SELECT COUNT(*) FROM solo_shares WHERE address <> ?", address).Scan(&others)
	_ = d.QueryRow(context.Background(), "SELECT COUNT(*) FROM share_minutes").Scan(&minutes)
	if rows != accepted || others != 0 || minutes != 0 {
		t.Fatalf("solo shares %d (others %d, pool minutes %d), the miner had %d accepted", rows, others, minutes, accepted)
	}
}

// simAccepted is the accepted shares `poold sim` reported for worker (its table's fourth
// column), 0 when it has no line.
func simAccepted(out, worker string) int {
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) == 6 && f[0] == worker {
			n := 0
			fmt.Sscan(f[3], &n)
			return n
		}
	}
	return 0
}

// The invalid-share limit is a setting: with --stratum-invalid-share-limit 3 the third
// invalid share closes the connection, where the default (50) lets it stay.
func TestServeInvalidShareLimitIsASetting(t *testing.T) {
	for _, c := range []struct {
		flags  []string
		closed bool
	}{{[]string{"--stratum-invalid-share-limit", "3"}, true}, {nil, false}} {
		p := startDevnetPool(t, c.flags...)
		conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", p.port))
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(20 * time.Second))
		fmt.Fprint(conn, `{"id":1,"method":"mining.subscribe","params":[]}`+"\n"+`{"id":2,"method":"mining.authorize","params":["farm1.rig1","x"]}`+"\n")
		r := bufio.NewReader(conn)
		for authorized := false; !authorized; {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			authorized = strings.Contains(line, `"id":2,"result":true`)
		}
		// Three shares whose nonce is not hex: invalid, and the miner's fault.
		for i := range 3 {
			fmt.Fprintf(conn, `{"id":%d,"method":"mining.submit","params":["farm1.rig1","x","00000000","00000000","zz"]}`+"\n", 10+i)
		}
		fmt.Fprint(conn, `{"id":20,"method":"mining.extranonce.subscribe","params":[]}`+"\n")
		open := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				break
			}
			if strings.Contains(line, `"id":20,"result":true`) {
				open = true
				break
			}
		}
		conn.Close()
		if open == c.closed {
			t.Errorf("flags %v: connection open after three invalid shares: %v", c.flags, open)
		}
	}
}

// Behind a TCP balancer speaking the PROXY protocol, each miner counts under its own
// address: with one connection allowed an address, two miners behind the balancer both
// mine, a second connection of one of them is refused, and the balancer's own
// connection without a header gets nowhere.
func TestStratumBehindAProxyProtocolBalancer(t *testing.T) {
	p := startDevnetPool(t, "--stratum-proxy-protocol", "127.0.0.1", "--stratum-max-per-address", "1")
	addr := fmt.Sprintf("127.0.0.1:%d", p.port)
	// subscribed sends header and a subscribe, and says whether the pool answered it.
	subscribed := func(header string) bool {
		t.Helper()
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		if _, err := io.WriteString(c, header+`{"id":1,"method":"mining.subscribe","params":["balanced/1"]}`+"\n"); err != nil {
			return false
		}
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		line, err := bufio.NewReader(c).ReadString('\n')
		return err == nil && strings.Contains(line, `"id":1`) && strings.Contains(line, `"error":null`)
	}
	if !subscribed("PROXY TCP4 203.0.113.9 10.0.0.2 40001 3333\r\n") {
		t.Fatal("the first miner behind the balancer was refused")
	}
	if !subscribed("PROXY TCP4 203.0.113.10 10.0.0.2 40002 3333\r\n") {
		t.Fatal("a second miner behind the balancer was refused: addresses are the balancer's")
	}
	if subscribed("PROXY TCP4 203.0.113.9 10.0.0.2 40003 3333\r\n") {
		t.Fatal("a second connection of one address was let in past --stratum-max-per-address 1")
	}
	if subscribed("") {
		t.Fatal("the balancer's connection without a PROXY header was served")
	}
}
