package app

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/config"
)

// floodChildEnv carries, to the test binary run as a child, the serve arguments it runs
// under a lowered open-file limit.
const floodChildEnv = "POOLD_TEST_FLOOD_SERVE"

// floodFileLimit is the child's open-file limit, soft and hard: small, so that the
// floods reach it in a fraction of a second and no more descriptors than that are spent.
const floodFileLimit = 1024

// Issue 29: after two stratum floods, 700 idle HTTP connections took the descriptors the
// stratum caps had left and both listeners failed with "accept4: too many open files".
// poold serve runs in a child process limited to 1,024 open files (this test binary again,
// floodChildEnv); both stratum ports (the pool's and the solo one) are flooded past their
// caps, then --http with 700 connections from 50 addresses, half of them idle after a
// request, half silent. /healthz and the coin list still answer 200, each stratum port
// held its share of the limit and no more, and the process never ran out of descriptors.
// Before the fix, --http had no cap: the probe was never accepted and the log filled with
// "too many open files".
func TestServeFloodsLeaveTheAPIAnswering(t *testing.T) {
	if args := os.Getenv(floodChildEnv); args != "" {
		runFloodChild(t, strings.Fields(args))
		return
	}
	dbPath := filepath.Join(t.TempDir(), "poold.db")
	port, soloPort := freePort(t), freePort(t)
	add := []string{"admin", "--db", dbPath, "coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d",
		"--ports", fmt.Sprint(port), "--solo-ports", fmt.Sprint(soloPort), "--driver", "devnet",
		"--driver-config", "network_hashrate=1e12", "--driver-config", "other_miners=false"}
	if err := Run(context.Background(), add, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	child := startFloodChild(t, "serve --http 127.0.0.1:0 --db "+dbPath+" --stratum-bind 127.0.0.1 --log-level warn")

	// Each port takes its share of what the reserve and --http leave, whoever connects.
	c := config.Default()
	perPort := perPortCap(0, planConnCaps(c, floodFileLimit).stratumTotal, 2)
	for _, addr := range child.stratum {
		if got := stratumFlood(t, addr, perPort+60); got != perPort {
			t.Errorf("stratum flood on %s: %d connections held, want the port's cap %d", addr, got, perPort)
		}
	}
	httpFlood(t, strings.TrimPrefix(child.httpURL, "http://"), 700)

	client := &http.Client{Timeout: 10 * time.Second} // only keeps a regression from hanging
	for _, path := range []string{"/healthz", "/api/pc/v1/currency/list"} {
		req, _ := http.NewRequest("GET", child.httpURL+path, nil)
		req.Header.Set("language", "en_US")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s after the floods: %v\nlog:\n%s", path, err, child.log())
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("%s after the floods: %d", path, resp.StatusCode)
		}
	}
	child.stop(t)
	if log := child.log(); strings.Contains(log, "too many open files") {
		t.Fatalf("the process ran out of descriptors:\n%s", log)
	}
}

// runFloodChild is the child: serve under floodFileLimit until the parent closes stdin.
func runFloodChild(t *testing.T, args []string) {
	lim := syscall.Rlimit{Cur: floodFileLimit, Max: floodFileLimit}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		cancel()
	}()
	if err := Run(ctx, args, noEnv, nil, os.Stdout, os.Stderr); err != nil {
		t.Fatal(err)
	}
}

// floodChild is poold serve in a child process.
type floodChild struct {
	cmd     *exec.Cmd
	stdin   io.Closer
	httpURL string
	stratum []string // the stratum ports' addresses, in the order they opened
	mu      sync.Mutex
	stderr  bytes.Buffer
	done    chan struct{} // closed when the child has exited, err then set
	err     error
}

func (c *floodChild) log() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stderr.String()
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

// startFloodChild runs serve with args in a child and waits for its listeners.
func startFloodChild(t *testing.T, args string) *floodChild {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeFloodsLeaveTheAPIAnswering$", "-test.count=1")
	cmd.Env = append(os.Environ(), floodChildEnv+"="+args)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // never outlives the test
	c := &floodChild{cmd: cmd, done: make(chan struct{})}
	cmd.Stderr = lockedWriter{&c.mu, &c.stderr}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	c.stdin = stdin
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	for len(c.stratum) < 2 && lines.Scan() {
		line := lines.Text()
		if u, ok := strings.CutPrefix(line, "poold: listening on "); ok {
			c.httpURL = u
		}
		if strings.HasPrefix(line, "poold: stratum for ") {
			c.stratum = append(c.stratum, line[strings.LastIndex(line, " ")+1:])
		}
	}
	go func() {
		_, _ = io.Copy(io.Discard, stdout)
		c.err = cmd.Wait()
		close(c.done)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill() // after stop: the process is gone already
		<-c.done
	})
	if len(c.stratum) < 2 || c.httpURL == "" {
		t.Fatalf("serve did not start:\n%s", c.log())
	}
	return c
}

// stop closes the child's stdin, so that serve stops as on a signal, and waits for it.
func (c *floodChild) stop(t *testing.T) {
	t.Helper()
	c.stdin.Close()
	select {
	case <-c.done:
		if c.err != nil {
			t.Fatalf("serve under the floods: %v\n%s", c.err, c.log())
		}
	case <-time.After(30 * time.Second): // only keeps a regression from hanging
		t.Fatalf("serve did not stop\n%s", c.log())
	}
}

// stratumFlood opens n connections to addr from 20 loopback addresses, one after the
// other, and answers how many the pool kept. They stay open until the test ends.
func stratumFlood(t *testing.T, addr string, n int) int {
	t.Helper()
	held := 0
	for i := range n {
		if stratumHolds(t, fmt.Sprintf("127.0.1.%d", 2+i%20), addr) {
			held++
		}
	}
	return held
}

// stratumHolds connects to addr from the loopback address from and says whether the pool
// kept the connection: it answers mining.subscribe (a refused one is closed at accept).
// The connection stays open until the test ends.
func stratumHolds(t *testing.T, from, addr string) bool {
	c := dialLoopback(t, from, addr)
	if c == nil {
		return false
	}
	c.SetDeadline(time.Now().Add(10 * time.Second)) // only keeps a regression from hanging
	if _, err := io.WriteString(c, `{"id":1,"method":"mining.subscribe","params":["flood/1"]}`+"\n"); err != nil {
		return false
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	return err == nil && strings.Contains(line, `"id":1`)
}

// httpFlood opens n connections to addr from 50 loopback addresses; every other one sends
// a request (and stays open, idle, after its answer), the rest send nothing. Errors are
// the floods' own business: the server may close what it cannot keep.
func httpFlood(t *testing.T, addr string, n int) {
	t.Helper()
	for i := range n {
		c := dialLoopback(t, fmt.Sprintf("127.0.2.%d", 2+i%50), addr)
		if c != nil && i%2 == 0 {
			c.SetWriteDeadline(time.Now().Add(10 * time.Second))
			_, _ = io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: pool\r\n\r\n")
		}
	}
}

// dialLoopback connects from a loopback address of its own, or answers nil when the
// connection could not be made; it is closed when the test ends.
func dialLoopback(t *testing.T, from, addr string) net.Conn {
	d := net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// The per-address stratum cap holds across every port of the process: the pool's and the
// solo one here, three in all from one address. Before, each server counted its own, and
// one address held the cap on each.
func TestServeCapsOneAddressAcrossStratumPorts(t *testing.T) {
	soloPort := freePort(t)
	p := startDevnetPoolWith(t, []string{"--solo-ports", fmt.Sprint(soloPort)}, "--stratum-max-per-address", "3")
	ports := []string{fmt.Sprintf("127.0.0.1:%d", p.port), fmt.Sprintf("127.0.0.1:%d", p.soloPort)}
	held := 0
	for i := range 6 {
		if stratumHolds(t, "127.0.0.2", ports[i%2]) {
			held++
		}
	}
	if held != 3 {
		t.Fatalf("one address holds %d connections across the two ports, want 3", held)
	}
	// Another address has its own.
	for _, port := range ports {
		if !stratumHolds(t, "127.0.0.3", port) {
			t.Fatalf("another address refused on %s", port)
		}
	}
}
