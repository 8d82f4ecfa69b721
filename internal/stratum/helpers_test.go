package stratum

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"sync"
	"testing"
	"time"
)

// Nonces that make fakeHandler answer otherwise than "accepted".
const (
	nonceLowDifficulty = 0xdeadbeef
	nonceBlock         = 0x0b10cb10
)

// fakeHandler authorizes every worker but those with password "refuse" (a wrong name) or
// "busy" (a name the pool could not check), accepts every share but the nonces above, and
// remembers what it saw.
type fakeHandler struct {
	mu           sync.Mutex
	shares       []Share
	disconnected []*SessionInfo
	submit       func(ctx context.Context, sh Share) SubmitResult // overrides the default
}

func (h *fakeHandler) Authorize(_ context.Context, _ *SessionInfo, worker, password string) error {
	switch password {
	case "refuse":
		return ErrUnauthorized
	case "busy":
		return &Error{CodeOther, "pool busy, try again"}
	}
	return nil
}

func (h *fakeHandler) Submit(ctx context.Context, _ *SessionInfo, sh Share) SubmitResult {
	h.mu.Lock()
	h.shares = append(h.shares, sh)
	f := h.submit
	h.mu.Unlock()
	if f != nil {
		return f(ctx, sh)
	}
	switch sh.Nonce {
	case nonceLowDifficulty:
		return SubmitResult{Err: ErrLowDifficulty}
	case nonceBlock:
		return SubmitResult{Accepted: true, Block: true}
	}
	return SubmitResult{Accepted: true}
}

func (h *fakeHandler) Disconnected(s *SessionInfo) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.disconnected = append(h.disconnected, s)
}

func (h *fakeHandler) lastShare(t testing.TB) Share {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.shares) == 0 {
		t.Fatal("no share reached the handler")
	}
	return h.shares[len(h.shares)-1]
}

func (h *fakeHandler) disconnects() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.disconnected)
}

// quietLogger keeps test output readable; set STRATUM_LOG=1 to see the server talk.
func quietLogger() *slog.Logger {
	if os.Getenv("STRATUM_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}

// testServer is a Server on a loopback port, closed when the test ends.
type testServer struct {
	*Server
	addr  string
	h     *fakeHandler
	serve chan error
}

// startServer starts a server; before, when given, runs before Serve (to swap the clock).
func startServer(t testing.TB, cfg Config, before func(*Server)) *testServer {
	t.Helper()
	return startServerOn(t, cfg, before, nil)
}

func startServerOn(t testing.TB, cfg Config, before func(*Server), wrap func(net.Listener) net.Listener) *testServer {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = quietLogger()
	}
	h := &fakeHandler{}
	srv, err := NewServer(cfg, h)
	if err != nil {
		t.Fatal(err)
	}
	if before != nil {
		before(srv)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{Server: srv, addr: ln.Addr().String(), h: h, serve: make(chan error, 1)}
	if wrap != nil {
		ln = wrap(ln)
	}
	go func() { ts.serve <- srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Close(ctx); err != nil {
			t.Errorf("close: %v", err)
		}
		if err := <-ts.serve; !errors.Is(err, ErrServerClosed) {
			t.Errorf("serve returned %v, want ErrServerClosed", err)
		}
	})
	return ts
}

// fakeClock is a clock that moves only when told to.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Unix(1_700_000_000, 0)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// testJob is a job with the shape of a real one: a real previous hash, a coinbase split
// around the extranonces and a two-hash merkle branch.
func testJob(id string, clean bool, ntime uint32) *Job {
	var prev [32]byte
	copy(prev[:], mustHex("6fe28c0ab6f1b372c1a6a246ae63f74f931e8365e15a089c68d6190000000000"))
	var m0, m1 [32]byte
	copy(m0[:], mustHex("3ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a"))
	copy(m1[:], mustHex("0e3e2357e806b6cdb1f70b54c3a3a17b6714ee1f0e68bebb44a74b1efd512098"))
	return &Job{
		ID:           id,
		PrevHash:     prev,
		Coinb1:       mustHex("01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff2003a0860108"),
		Coinb2:       mustHex("0d2f756e69706c75732d706f6f6c2fffffffff0100f2052a010000001976a914000000000000000000000000000000000000000088ac00000000"),
		MerkleBranch: [][32]byte{m0, m1},
		Version:      0x20000000,
		NBits:        0x1d00ffff,
		NTime:        ntime,
		CleanJobs:    clean,
		CreatedAt:    time.Now(),
	}
}

func mustHex(s string) []byte {
	b := make([]byte, len(s)/2)
	for i := range b {
		var v byte
		if _, err := fmt.Sscanf(s[2*i:2*i+2], "%02x", &v); err != nil {
			panic(err)
		}
		b[i] = v
	}
	return b
}

// wire is a raw line-level connection, for tests that need to send what no well-behaved
// client would.
type wire struct {
	t      testing.TB
	c      net.Conn
	r      *bufio.Reader
	nextID int
	notes  []wireMsg // notifications seen while waiting for replies
}

// wireMsg is any line from the server.
type wireMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params []any           `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  []any           `json:"error"`
}

// code is the error code of a reply, 0 for success.
func (m wireMsg) code() int {
	if len(m.Error) == 0 {
		return 0
	}
	f, _ := m.Error[0].(float64)
	return int(f)
}

func dialWire(t testing.TB, addr string) *wire {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &wire{t: t, c: c, r: bufio.NewReaderSize(c, 1<<20)}
}

func (w *wire) send(line string) {
	w.t.Helper()
	w.c.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(w.c, line+"\n"); err != nil {
		w.t.Fatalf("send: %v", err)
	}
}

// read returns the next line from the server.
func (w *wire) read() wireMsg {
	w.t.Helper()
	m, err := w.tryRead(5 * time.Second)
	if err != nil {
		w.t.Fatalf("read: %v", err)
	}
	return m
}

func (w *wire) tryRead(timeout time.Duration) (wireMsg, error) {
	w.c.SetReadDeadline(time.Now().Add(timeout))
	line, err := w.r.ReadBytes('\n')
	if err != nil {
		return wireMsg{}, err
	}
	var m wireMsg
	if err := json.Unmarshal(line, &m); err != nil {
		return wireMsg{}, fmt.Errorf("%v in %q", err, line)
	}
	return m, nil
}

// call sends a request with the next numeric id and returns its reply, keeping the
// notifications that came first.
func (w *wire) call(method string, params ...any) wireMsg {
	w.t.Helper()
	w.nextID++
	b, err := json.Marshal(map[string]any{"id": w.nextID, "method": method, "params": params})
	if err != nil {
		w.t.Fatal(err)
	}
	w.send(string(b))
	want := fmt.Sprint(w.nextID)
	for {
		m := w.read()
		if m.Method != "" {
			w.notes = append(w.notes, m)
			continue
		}
		if string(m.ID) != want {
			w.t.Fatalf("%s: reply id %s, want %s", method, m.ID, want)
		}
		return m
	}
}

// note returns the next notification, from those already seen or from the wire.
func (w *wire) note() wireMsg {
	w.t.Helper()
	if len(w.notes) > 0 {
		m := w.notes[0]
		w.notes = w.notes[1:]
		return m
	}
	m := w.read()
	if m.Method == "" {
		w.t.Fatalf("got reply %s, want a notification", m.ID)
	}
	return m
}

// handshake subscribes and authorizes worker, and returns the extranonce1 it got.
func (w *wire) handshake(worker string) string {
	w.t.Helper()
	sub := w.call("mining.subscribe", "test/1")
	var res []any
	if err := json.Unmarshal(sub.Result, &res); err != nil || len(res) != 3 {
		w.t.Fatalf("subscribe result %s", sub.Result)
	}
	if m := w.call("mining.authorize", worker, "x"); string(m.Result) != "true" {
		w.t.Fatalf("authorize: %s %v", m.Result, m.Error)
	}
	return res[1].(string)
}

// expectClosed waits for the server to hang up.
func (w *wire) expectClosed(within time.Duration) {
	w.t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		_, err := w.tryRead(time.Until(deadline))
		if err == nil {
			continue
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			break
		}
		return
	}
	w.t.Fatalf("connection still open after %v", within)
}

// eventually polls cond until it holds or the time is up.
func eventually(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func hexNTime(v uint32) string { return hex32(v) }

func nowNTime() uint32 { return uint32(time.Now().Unix()) }
