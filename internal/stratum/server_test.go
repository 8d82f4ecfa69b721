package stratum

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/testcert"
)

func TestNewServerValidates(t *testing.T) {
	for _, c := range []struct {
		name  string
		cfg   Config
		field string
	}{
		{"extranonce1 too big", Config{Extranonce1Size: 9}, "Extranonce1Size"},
		{"extranonce2 negative", Config{Extranonce2Size: -1}, "Extranonce2Size"},
		{"min negative", Config{MinDifficulty: -1}, "MinDifficulty"},
		{"max below min", Config{MinDifficulty: 8, MaxDifficulty: 4, InitialDifficulty: 8}, "MaxDifficulty"},
		{"initial below min", Config{MinDifficulty: 8, InitialDifficulty: 2}, "InitialDifficulty"},
		{"no power of two in bounds", Config{MinDifficulty: 5, MaxDifficulty: 7, InitialDifficulty: 6, PowerOfTwoDifficulty: true}, "PowerOfTwoDifficulty"},
		{"negative timeout", Config{IdleTimeout: -time.Second}, "IdleTimeout"},
		{"tiny lines", Config{MaxLineBytes: 100}, "MaxLineBytes"},
		{"negative connections", Config{MaxConnections: -1}, "MaxConnections"},
		{"negative per address", Config{MaxPerAddress: -1}, "MaxPerAddress"},
		{"negative per listener", Config{MaxPerListener: -1}, "MaxPerListener"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewServer(c.cfg, &fakeHandler{})
			if err == nil || !strings.Contains(err.Error(), c.field) || !strings.HasPrefix(err.Error(), "stratum: config: ") {
				t.Fatalf("err %v, want one naming %s", err, c.field)
			}
		})
	}
	if _, err := NewServer(Config{}, nil); err == nil {
		t.Fatal("nil handler accepted")
	}
	if _, err := NewServer(Config{}, &fakeHandler{}); err != nil {
		t.Fatalf("defaults: %v", err)
	}
}

func TestExtranonce1(t *testing.T) {
	t.Run("unique among live connections", func(t *testing.T) {
		t.Parallel()
		srv := startServer(t, Config{}, nil)
		seen := map[string]bool{}
		var ws []*wire
		for range 20 {
			w := dialWire(t, srv.addr)
			en1 := w.handshake("acct.rig1")
			if len(en1) != 8 || seen[en1] {
				t.Fatalf("extranonce1 %q (seen before: %v)", en1, seen[en1])
			}
			seen[en1] = true
			ws = append(ws, w)
		}
	})
	t.Run("counter skips values still in use", func(t *testing.T) {
		srv, err := NewServer(Config{Extranonce1Size: 1, Logger: quietLogger()}, &fakeHandler{})
		if err != nil {
			t.Fatal(err)
		}
		srv.mu.Lock()
		defer srv.mu.Unlock()
		for i := range 256 {
			b, ok := srv.allocExtranonce1()
			if !ok || b[0] != byte(i) {
				t.Fatalf("alloc %d: %x %v", i, b, ok)
			}
		}
		if _, ok := srv.allocExtranonce1(); ok {
			t.Fatal("257th extranonce1 of one byte handed out")
		}
		delete(srv.en1Live, 200)
		if b, ok := srv.allocExtranonce1(); !ok || b[0] != 200 {
			t.Fatalf("after freeing 200: %x %v", b, ok)
		}
	})
}

func TestAuthorize(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{}, nil)
	srv.Broadcast(testJob("j1", true, nowNTime()))
	w := dialWire(t, srv.addr)
	w.call("mining.subscribe", "test/1")
	if m := w.call("mining.authorize", "acct.rig1", "refuse"); m.code() != CodeUnauthorized {
		t.Fatalf("refused authorize: %+v", m)
	}
	if m := w.call("mining.authorize"); m.code() != CodeOther {
		t.Fatalf("authorize without params: %+v", m)
	}
	if len(w.notes) != 0 {
		t.Fatalf("work sent before any authorize succeeded: %+v", w.notes)
	}
	if m := w.call("mining.authorize", "acct.rig1", "x"); string(m.Result) != "true" {
		t.Fatalf("authorize: %+v", m)
	}
	if m := w.call("mining.authorize", "acct.rig2", nil); string(m.Result) != "true" {
		t.Fatalf("second worker: %+v", m)
	}
	if n := w.note(); n.Method != "mining.set_difficulty" {
		t.Fatalf("first note %+v", n)
	}
	if n := w.note(); n.Method != "mining.notify" {
		t.Fatalf("second note %+v", n)
	}
	// The second worker gets no second copy of the work: the connection is one device.
	w.call("mining.extranonce.subscribe")
	if len(w.notes) != 0 {
		t.Fatalf("extra notes after the second authorize: %+v", w.notes)
	}
	if st := srv.Stats(); st.Authorized != 1 || st.Connections != 1 {
		t.Fatalf("stats %+v", st)
	}
}

func TestHintsAndUnknownMethods(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{MaxJunkLines: 3}, nil)
	w := dialWire(t, srv.addr)
	// bfgminer's notifications get no answer and are not junk.
	for range 5 {
		w.send(`{"id":null,"method":"mining.capabilities","params":[{"notify":[],"set_difficulty":{}}]}`)
		w.send(`{"id":null,"method":"mining.suggest_target","params":["00000000ffff0000000000000000000000000000000000000000000000000000"]}`)
	}
	if m := w.call("mining.extranonce.subscribe"); string(m.Result) != "true" {
		t.Fatalf("after hints: %+v", m)
	}
	if m := w.call("mining.capabilities", map[string]any{}); m.code() != CodeOther {
		t.Fatalf("capabilities with an id: %+v", m)
	}
	if m := w.call("mining.suggest_difficulty", "lots"); m.code() != CodeOther {
		t.Fatalf("bad suggestion: %+v", m)
	}
}

func TestJunkLines(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{MaxJunkLines: 3, BanAfterOffences: 1}, nil)
	w := dialWire(t, srv.addr)
	w.send("GET / HTTP/1.1")
	if m := w.read(); m.code() != CodeOther || string(m.ID) != "null" {
		t.Fatalf("reply to junk: %+v", m)
	}
	w.send(`{"id":7,"method":"mining.bogus","params":[]}`)
	if m := w.read(); m.code() != CodeOther || string(m.ID) != "7" || m.Error[1] != "unknown method" {
		t.Fatalf("reply to an unknown method: %+v", m)
	}
	w.send(`{"id":true,"method":"mining.subscribe","params":[]}`)
	w.expectClosed(3 * time.Second)
	eventually(t, 3*time.Second, "the offence to ban", func() bool { return srv.Stats().Bans == 1 })
}

func TestOverlongLine(t *testing.T) {
	t.Parallel()
	const limit = 256
	srv := startServer(t, Config{MaxLineBytes: limit, BanAfterOffences: 1}, nil)
	w := dialWire(t, srv.addr)
	fits := `{"id":1,"method":"mining.extranonce.subscribe","params":[]}`
	fits += strings.Repeat(" ", limit-len(fits))
	w.send(fits + "\r")
	if m := w.read(); string(m.Result) != "true" {
		t.Fatalf("line of exactly MaxLineBytes: %+v", m)
	}
	w.send(`{"id":2,"method":"mining.subscribe","params":["` + strings.Repeat("x", limit) + `"]}`)
	w.expectClosed(3 * time.Second)
	eventually(t, 3*time.Second, "the offence to ban", func() bool { return srv.Stats().Bans == 1 })
}

func TestBans(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	cfg := Config{MaxLineBytes: 256, BanAfterOffences: 2, OffenceWindow: time.Minute, BanDuration: 10 * time.Minute}
	srv := startServer(t, cfg, func(s *Server) { s.now = clock.Now })
	offend := func() {
		w := dialWire(t, srv.addr)
		w.send(strings.Repeat("x", 300))
		w.expectClosed(3 * time.Second)
		// The miner sees the close before the server records the offence: wait for it to
		// be recorded at this clock reading.
		eventually(t, 3*time.Second, "the connection to be gone", func() bool { return srv.Stats().Connections == 0 })
	}
	offend()
	clock.Advance(2 * time.Minute) // the first offence leaves the window
	offend()
	// offend waited for the connection to be gone, and the server records an offence
	// before it forgets the connection: had the second offence banned, Bans would say so.
	if st := srv.Stats(); st.Bans != 0 {
		t.Fatalf("banned for two offences two minutes apart: %+v", st)
	}
	offend()
	eventually(t, 3*time.Second, "a ban", func() bool { return srv.Stats().Bans == 1 })
	if st := srv.Stats(); st.Banned != 1 {
		t.Fatalf("stats %+v", st)
	}
	w := dialWire(t, srv.addr)
	w.expectClosed(3 * time.Second)
	if st := srv.Stats(); st.Refused != 1 {
		t.Fatalf("banned address not refused: %+v", st)
	}
	clock.Advance(cfg.BanDuration)
	w = dialWire(t, srv.addr)
	w.handshake("acct.rig1")
	if st := srv.Stats(); st.Banned != 0 || st.Connections != 1 {
		t.Fatalf("after the ban: %+v", st)
	}
}

// A refused worker name is an offence of the address. Names were probed without limit
// (5,000 guesses in 0.4 s on one connection): now the address is banned at the
// --stratum-ban-after'th refusal within the offence window, the connection that made it
// is closed, a reconnect is refused while the ban lasts, and a connection of the address
// opened before the ban is closed at its next refused name. A refusal that says the pool
// could not check the name (not CodeUnauthorized) is no offence.
func TestRefusedAuthorizesBan(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	srv := startServer(t, Config{}, func(s *Server) { s.now = clock.Now })
	limit := srv.cfg.BanAfterOffences // the default, 5
	other := dialFrom(t, "127.0.0.4", srv.addr)
	other.call("mining.subscribe", "test/1")
	w := dialFrom(t, "127.0.0.4", srv.addr)
	w.call("mining.subscribe", "test/1")
	for range 3 * limit {
		if m := w.call("mining.authorize", "acct.rig1", "busy"); m.code() != CodeOther {
			t.Fatalf("pool busy: %+v", m)
		}
	}
	for i := range limit - 1 {
		if m := w.call("mining.authorize", fmt.Sprintf("guess%d.rig1", i), "refuse"); m.code() != CodeUnauthorized {
			t.Fatalf("guess %d: %+v", i, m)
		}
	}
	if st := srv.Stats(); st.Bans != 0 || st.Connections != 2 {
		t.Fatalf("after %d refused names: %+v, want no ban and the connection open", limit-1, st)
	}
	if m := w.call("mining.authorize", "guessed.rig1", "refuse"); m.code() != CodeUnauthorized {
		t.Fatalf("last guess: %+v", m)
	}
	w.expectClosed(3 * time.Second)
	if st := srv.Stats(); st.Bans != 1 || st.Banned != 1 {
		t.Fatalf("after %d refused names: %+v, want the address banned", limit, st)
	}
	dialFrom(t, "127.0.0.4", srv.addr).expectClosed(3 * time.Second)
	if st := srv.Stats(); st.Refused != 1 {
		t.Fatalf("a reconnect during the ban: %+v, want it refused", st)
	}
	// The connection opened before the ban may mine, but not guess on.
	if m := other.call("mining.extranonce.subscribe"); string(m.Result) != "true" {
		t.Fatalf("the address's other connection: %+v", m)
	}
	if m := other.call("mining.authorize", "guess.again", "refuse"); m.code() != CodeUnauthorized {
		t.Fatalf("a guess on the other connection: %+v", m)
	}
	other.expectClosed(3 * time.Second)
	clock.Advance(srv.cfg.BanDuration)
	dialFrom(t, "127.0.0.4", srv.addr).handshake("acct.rig1")
}

// A miner that mistypes its worker name once, fixes it and mines is not banned, and
// comes back whenever it likes.
func TestOneMistypedNameIsNoBan(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{}, nil)
	j := testJob("j1", true, nowNTime())
	srv.Broadcast(j)
	for i := range 2 {
		w := dialFrom(t, "127.0.0.5", srv.addr)
		w.call("mining.subscribe", "test/1")
		if m := w.call("mining.authorize", "acct.rgi1", "refuse"); m.code() != CodeUnauthorized {
			t.Fatalf("mistyped name: %+v", m)
		}
		if m := w.call("mining.authorize", "acct.rig1", "x"); string(m.Result) != "true" {
			t.Fatalf("the right name: %+v", m)
		}
		if m := w.call("mining.submit", "acct.rig1", "j1", hex32(uint32(i)), hex32(j.NTime), "00000001"); m.code() != 0 {
			t.Fatalf("share: %+v", m)
		}
		w.c.Close()
	}
	if st := srv.Stats(); st.Bans != 0 || st.Refused != 0 {
		t.Fatalf("stats %+v: a miner that mistyped once was punished", st)
	}
}

func TestInvalidShareLimit(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{InvalidShareLimit: 5, BanAfterOffences: 1}, nil)
	j := testJob("j1", true, nowNTime())
	srv.Broadcast(j)
	w := dialWire(t, srv.addr)
	w.handshake("acct.rig1")
	// Stale shares are the network's doing and never count.
	for i := range 10 {
		if m := w.call("mining.submit", "acct.rig1", "gone", "00000000", hex32(j.NTime), hex32(uint32(i))); m.code() != CodeJobNotFound {
			t.Fatalf("stale: %+v", m)
		}
	}
	for i := range 4 {
		// Version bits without mining.configure: well-formed, but against the rules.
		if m := w.call("mining.submit", "acct.rig1", "j1", "00000000", hex32(j.NTime), hex32(uint32(i)), hex32(uint32(i+1))); m.code() != CodeOther {
			t.Fatalf("invalid %d: %+v", i, m)
		}
	}
	w.send(`{"id":99,"method":"mining.submit","params":["acct.rig1","j1","00000000","zz","00000000"]}`)
	if m := w.read(); m.code() != CodeOther {
		t.Fatalf("fifth invalid: %+v", m)
	}
	w.expectClosed(3 * time.Second)
	eventually(t, 3*time.Second, "the offence to ban", func() bool { return srv.Stats().Bans == 1 })
}

func TestHandshakeTimeout(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{HandshakeTimeout: 300 * time.Millisecond, BanAfterOffences: 1}, nil)
	// quick connects first, so its handshake deadline comes no later than slow's: once slow
	// is closed for its deadline, quick's has passed too, and quick must still be open.
	quick := dialWire(t, srv.addr)
	quick.call("mining.extranonce.subscribe") // accepted before slow is dialled
	slow := dialWire(t, srv.addr)
	start := time.Now()
	slow.call("mining.subscribe", "test/1")
	quick.handshake("acct.rig1")
	slow.expectClosed(3 * time.Second)
	if d := time.Since(start); d < 250*time.Millisecond {
		t.Fatalf("closed after %v, before the timeout", d)
	}
	if m := quick.call("mining.extranonce.subscribe"); string(m.Result) != "true" {
		t.Fatalf("a connection that finished its handshake was closed: %+v", m)
	}
	if st := srv.Stats(); st.Bans != 0 {
		t.Fatalf("a slow handshake is not misbehaviour: %+v", st)
	}
}

func TestIdleTimeout(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{IdleTimeout: 300 * time.Millisecond}, nil)
	// w finishes its handshake first, then quiet, which says nothing more; w talks without a
	// pause until quiet is closed for its silence. By then w's own first deadline has passed
	// too, so w is open only because talking moved it.
	w := dialWire(t, srv.addr)
	w.handshake("acct.rig1")
	quiet := dialWire(t, srv.addr)
	quiet.handshake("acct.quiet")
	quietClosed := make(chan struct{})
	go func() {
		defer close(quietClosed)
		for {
			if _, err := quiet.tryRead(5 * time.Second); err != nil {
				return
			}
		}
	}()
	for talking := true; talking; {
		select {
		case <-quietClosed:
			talking = false
		default:
		}
		if m := w.call("mining.extranonce.subscribe"); string(m.Result) != "true" {
			t.Fatalf("a talking connection was closed: %+v", m)
		}
	}
	start := time.Now()
	w.expectClosed(3 * time.Second)
	if d := time.Since(start); d < 250*time.Millisecond {
		t.Fatalf("closed after %v of silence", d)
	}
}

func TestMaxConnections(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{MaxConnections: 2}, nil)
	a, b := dialWire(t, srv.addr), dialWire(t, srv.addr)
	a.handshake("acct.a")
	b.handshake("acct.b")
	c := dialWire(t, srv.addr)
	c.expectClosed(3 * time.Second)
	if st := srv.Stats(); st.Refused != 1 || st.Connections != 2 {
		t.Fatalf("stats %+v", st)
	}
}

// dialFrom connects to addr from a given loopback address (127.0.0.0/8 is all loopback).
func dialFrom(t *testing.T, from, addr string) *wire {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &wire{t: t, c: c, r: bufio.NewReaderSize(c, 1<<20)}
}

// One client address holds at most MaxPerAddress connections and one port at most
// MaxPerListener; a closed connection frees its place. Before, 1,100 connections from
// one address took every descriptor the process had, and the API with them.
func TestConnectionCapsPerAddressAndPort(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{MaxPerAddress: 2, MaxPerListener: 3}, nil)
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln2)
	a1, a2 := dialFrom(t, "127.0.0.2", srv.addr), dialFrom(t, "127.0.0.2", srv.addr)
	a1.handshake("acct.a1")
	a2.handshake("acct.a2")
	dialFrom(t, "127.0.0.2", srv.addr).expectClosed(3 * time.Second) // third from one address
	// Another address: one more fits this port (3), the next does not, but the other port
	// takes it.
	dialFrom(t, "127.0.0.3", srv.addr).handshake("acct.b1")
	dialFrom(t, "127.0.0.3", srv.addr).expectClosed(3 * time.Second)
	dialFrom(t, "127.0.0.3", ln2.Addr().String()).handshake("acct.b2")
	if st := srv.Stats(); st.Refused != 2 || st.Connections != 4 {
		t.Fatalf("stats %+v", st)
	}
	// A place freed is a place again.
	a1.c.Close()
	eventually(t, 3*time.Second, "the closed connection to be gone", func() bool { return srv.Stats().Connections == 3 })
	dialFrom(t, "127.0.0.2", srv.addr).handshake("acct.a3")
}

// slowListener hands out connections whose writes can be made to hang, as a miner that
// stops reading makes them hang once the socket buffers fill.
type slowListener struct {
	net.Listener
	accepted chan *slowConn
}

func (l *slowListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	sc := &slowConn{Conn: c, closed: make(chan struct{})}
	l.accepted <- sc
	return sc, nil
}

type slowConn struct {
	net.Conn
	stuck     atomic.Bool
	mu        sync.Mutex
	deadline  time.Time
	closeOnce sync.Once
	closed    chan struct{}
}

func (c *slowConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	c.deadline = t
	c.mu.Unlock()
	return c.Conn.SetWriteDeadline(t)
}

// Write hangs while stuck until the write deadline; without one it would hang until the
// connection is closed, which is the bug the deadline prevents.
func (c *slowConn) Write(b []byte) (int, error) {
	if !c.stuck.Load() {
		return c.Conn.Write(b)
	}
	c.mu.Lock()
	d := c.deadline
	c.mu.Unlock()
	var timeout <-chan time.Time
	if !d.IsZero() {
		timeout = time.After(time.Until(d))
	}
	select {
	case <-timeout:
		return 0, os.ErrDeadlineExceeded
	case <-c.closed:
		return 0, net.ErrClosed
	}
}

func (c *slowConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return c.Conn.Close()
}

func startSlowServer(t *testing.T, cfg Config) (*testServer, *slowListener) {
	var sl *slowListener
	srv := startServerOn(t, cfg, nil, func(ln net.Listener) net.Listener {
		sl = &slowListener{Listener: ln, accepted: make(chan *slowConn, 128)}
		return sl
	})
	return srv, sl
}

// TestSlowReaderDoesNotStallBroadcast: one miner stops reading while fifty others mine;
// broadcasts go on at full speed, the fifty get every job, the slow one is closed.
func TestSlowReaderDoesNotStallBroadcast(t *testing.T) {
	t.Parallel()
	srv, sl := startSlowServer(t, Config{SendQueueLength: 16, WriteTimeout: 5 * time.Second})
	srv.Broadcast(testJob("j0", true, nowNTime()))
	slow := dialWire(t, srv.addr)
	slowConn := <-sl.accepted
	slow.handshake("acct.slow")

	const miners, jobs = 50, 100
	ctx := context.Background()
	var got sync.WaitGroup
	var received [miners]atomic.Int32
	for i := range miners {
		c, err := Dial(ctx, srv.addr, ClientOptions{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		if _, _, err := c.Subscribe(ctx); err != nil {
			t.Fatal(err)
		}
		if err := c.Authorize(ctx, fmt.Sprintf("acct.m%d", i), "x"); err != nil {
			t.Fatal(err)
		}
		if j := <-c.Jobs(); j.ID != "j0" {
			t.Fatalf("first job %s", j.ID)
		}
		got.Add(1)
		go func() {
			defer got.Done()
			for j := range c.Jobs() {
				if n := received[i].Add(1); j.ID == fmt.Sprint("j", jobs) {
					if n != jobs {
						t.Errorf("miner %d got %d jobs, want %d", i, n, jobs)
					}
					return
				}
			}
			t.Errorf("miner %d: connection ended before the last job", i)
		}()
	}

	slowConn.stuck.Store(true)
	var spent, longest time.Duration
	for i := 1; i <= jobs; i++ {
		start := time.Now()
		srv.Broadcast(testJob(fmt.Sprint("j", i), false, nowNTime()))
		d := time.Since(start)
		spent += d
		longest = max(longest, d)
		// Jobs come seconds apart in life. Letting the healthy miners take each one before
		// the next keeps a starved test machine from filling their queues too: only the
		// stuck connection may fill its own.
		eventually(t, 5*time.Second, fmt.Sprintf("job %d at every healthy miner", i), func() bool {
			for k := range received {
				if received[k].Load() < int32(i) {
					return false
				}
			}
			return true
		})
	}
	// Waiting on the stuck connection even once would cost the 5 s write timeout.
	if spent > time.Second || longest > 500*time.Millisecond {
		t.Errorf("%d broadcasts took %v, the longest %v: something waited for the slow reader", jobs, spent, longest)
	}
	got.Wait()
	slow.expectClosed(3 * time.Second)
	eventually(t, 3*time.Second, "the slow reader to be dropped", func() bool { return srv.Stats().Connections == miners })
}

// TestWriteDeadline: a miner that stops reading with room left in its queue is closed by
// the write deadline.
func TestWriteDeadline(t *testing.T) {
	t.Parallel()
	srv, sl := startSlowServer(t, Config{WriteTimeout: 200 * time.Millisecond})
	srv.Broadcast(testJob("j0", true, nowNTime()))
	w := dialWire(t, srv.addr)
	c := <-sl.accepted
	w.handshake("acct.rig1")
	c.stuck.Store(true)
	start := time.Now()
	srv.Broadcast(testJob("j1", false, nowNTime()))
	eventually(t, 3*time.Second, "the stuck connection to close", func() bool { return srv.Stats().Connections == 0 })
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("closed after %v, before the write deadline", d)
	}
}

// TestCloseWithLiveSessions closes a server with miners connected and a share in the
// Handler, and checks that Close waits for it and leaves no goroutine behind.
func TestCloseWithLiveSessions(t *testing.T) {
	before := runtime.NumGoroutine()
	h := &fakeHandler{}
	inHandler := make(chan struct{})
	h.submit = func(ctx context.Context, sh Share) SubmitResult {
		if sh.Nonce == 0x5107 {
			close(inHandler)
			<-ctx.Done() // the connection's context ends when Close closes it
			return SubmitResult{Err: &Error{CodeOther, "shutting down"}}
		}
		return SubmitResult{Accepted: true}
	}
	srv, err := NewServer(Config{Logger: quietLogger()}, h)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	j := testJob("j1", true, nowNTime())
	srv.Broadcast(j)

	ctx := context.Background()
	var clients []*Client
	for i := range 20 {
		c, err := Dial(ctx, ln.Addr().String(), ClientOptions{})
		if err != nil {
			t.Fatal(err)
		}
		clients = append(clients, c)
		if _, _, err := c.Subscribe(ctx); err != nil {
			t.Fatal(err)
		}
		if err := c.Authorize(ctx, fmt.Sprintf("acct.m%d", i), "x"); err != nil {
			t.Fatal(err)
		}
	}
	submitted := make(chan error, 1)
	go func() { submitted <- clients[0].Submit(ctx, "acct.m0", "j1", []byte{0, 0, 0, 0}, j.NTime, 0x5107, 0) }()
	<-inHandler

	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := srv.Close(cctx); err != nil {
		t.Fatalf("close: %v", err)
	}
	if h.disconnects() != 20 {
		t.Fatalf("%d disconnects, want 20", h.disconnects())
	}
	if err := <-served; !errors.Is(err, ErrServerClosed) {
		t.Fatalf("serve: %v", err)
	}
	if err := <-submitted; err == nil {
		t.Fatal("submit in flight at close succeeded")
	}
	for _, c := range clients {
		c.Close()
	}
	if err := srv.Serve(ln); !errors.Is(err, ErrServerClosed) {
		t.Fatalf("serve after close: %v", err)
	}
	eventually(t, 5*time.Second, fmt.Sprintf("goroutines back to %d", before), func() bool {
		return runtime.NumGoroutine() <= before
	})
}

// TestCloseTimesOut: a Handler that ignores its context holds Close only until ctx ends.
func TestCloseTimesOut(t *testing.T) {
	release := make(chan struct{})
	srv := startServer(t, Config{}, nil)
	defer close(release)
	srv.h.submit = func(context.Context, Share) SubmitResult { <-release; return SubmitResult{Accepted: true} }
	j := testJob("j1", true, nowNTime())
	srv.Broadcast(j)
	w := dialWire(t, srv.addr)
	w.handshake("acct.rig1")
	w.send(`{"id":9,"method":"mining.submit","params":["acct.rig1","j1","00000000","` + hex32(j.NTime) + `","00000000"]}`)
	eventually(t, 3*time.Second, "the share to reach the handler", func() bool {
		srv.h.mu.Lock()
		defer srv.h.mu.Unlock()
		return len(srv.h.shares) == 1
	})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := srv.Close(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("close: %v, want deadline exceeded", err)
	}
}

func TestTLS(t *testing.T) {
	t.Parallel()
	cert, pool := selfSigned(t)
	srv := startServer(t, Config{TLSConfig: &tls.Config{Certificates: []tls.Certificate{cert}}}, nil)
	j := testJob("j1", true, nowNTime())
	srv.Broadcast(j)

	ctx := context.Background()
	c, err := Dial(ctx, srv.addr, ClientOptions{TLSConfig: &tls.Config{RootCAs: pool, ServerName: "localhost"}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, _, err := c.Subscribe(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Authorize(ctx, "acct.tls", "x"); err != nil {
		t.Fatal(err)
	}
	if got := <-c.Jobs(); got.ID != "j1" {
		t.Fatalf("job %s", got.ID)
	}
	if err := c.Submit(ctx, "acct.tls", "j1", []byte{1, 2, 3, 4}, j.NTime, 42, 0); err != nil {
		t.Fatalf("submit over TLS: %v", err)
	}
	// Plain TCP to a TLS port gets nowhere.
	w := dialWire(t, srv.addr)
	w.send(`{"id":1,"method":"mining.subscribe","params":[]}`)
	w.expectClosed(3 * time.Second)
}

// selfSigned makes a certificate for localhost and a pool that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	c, err := testcert.New("localhost", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	return c.TLS, c.Roots
}

// TestClient drives a whole session through Client: configure, subscribe, authorize,
// work, difficulty, shares.
func TestClient(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{InitialDifficulty: 2}, nil)
	j := testJob("j1", true, nowNTime())
	srv.Broadcast(j)
	ctx := context.Background()
	c, err := Dial(ctx, srv.addr, ClientOptions{UserAgent: "sim/1"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	mask, err := c.Configure(ctx, 0xffffffff)
	if err != nil || mask != DefaultVersionRollingMask {
		t.Fatalf("configure: %08x %v", mask, err)
	}
	en1, size, err := c.Subscribe(ctx)
	if err != nil || len(en1) != 4 || size != 4 {
		t.Fatalf("subscribe: %x %d %v", en1, size, err)
	}
	if err := c.Authorize(ctx, "acct.sim", "refuse"); !isCode(err, CodeUnauthorized) {
		t.Fatalf("refused authorize: %v", err)
	}
	if err := c.Authorize(ctx, "acct.sim", "x"); err != nil {
		t.Fatal(err)
	}
	got := <-c.Jobs()
	want := *j
	want.CreatedAt = got.CreatedAt
	if fmt.Sprint(*got) != fmt.Sprint(want) {
		t.Fatalf("job round trip:\n got %+v\nwant %+v", *got, want)
	}
	if d := c.Difficulty(); d != 2 {
		t.Fatalf("difficulty %v", d)
	}
	en2 := []byte{0, 0, 0, 9}
	if err := c.Submit(ctx, "acct.sim", "j1", en2, j.NTime, 7, 0x00004000); err != nil {
		t.Fatalf("submit: %v", err)
	}
	if sh := srv.h.lastShare(t); sh.Version != 0x20004000 || sh.Difficulty != 2 || string(sh.Extranonce1) != string(en1) {
		t.Fatalf("share %+v", sh)
	}
	if err := c.Submit(ctx, "acct.sim", "j1", en2, j.NTime, 7, 0x00004000); !isCode(err, CodeDuplicate) {
		t.Fatalf("duplicate: %v", err)
	}
	srv.Close(ctx)
	if _, ok := <-c.Jobs(); ok {
		t.Fatal("Jobs still open after the server hung up")
	}
	if err := c.Authorize(ctx, "acct.sim", "x"); err == nil {
		t.Fatal("call on a closed connection succeeded")
	}
}

func isCode(err error, code int) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}

// TestVardiffOnTheWire: a miner far too fast gets a higher difficulty, and the current job
// again under a new id; once it goes quiet the difficulty comes down.
func TestVardiffOnTheWire(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{
		RetargetInterval: 100 * time.Millisecond, TargetShareInterval: 50 * time.Millisecond,
		PowerOfTwoDifficulty: true,
	}, nil)
	j := testJob("j1", true, nowNTime())
	srv.Broadcast(j)
	w := dialWire(t, srv.addr)
	w.handshake("acct.rig1")
	w.note()
	w.note()
	for i := range 40 {
		if m := w.call("mining.submit", "acct.rig1", "j1", "00000000", hex32(j.NTime), hex32(uint32(i))); m.code() != 0 {
			t.Fatalf("share %d: %+v", i, m)
		}
	}
	if n := w.note(); n.Method != "mining.set_difficulty" || n.Params[0] != 4.0 {
		t.Fatalf("after a burst: %+v, want set_difficulty 4 (x4 at most)", n)
	}
	n := w.note()
	if n.Method != "mining.notify" || n.Params[0] == "j1" || n.Params[8] != false {
		t.Fatalf("after set_difficulty: %+v, want the current job under a new id, clean_jobs false", n)
	}
	if n := w.note(); n.Method != "mining.set_difficulty" || n.Params[0] != 1.0 {
		t.Fatalf("after silence: %+v, want set_difficulty 1 (/4 at most)", n)
	}
}

func TestConfigure(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{VersionRollingMask: 0x1fffe000}, nil)
	srv.Broadcast(testJob("j1", true, nowNTime()))
	w := dialWire(t, srv.addr)
	m := w.call("mining.configure",
		[]string{"version-rolling", "minimum-difficulty", "subscribe-extranonce", "info", "version-rolling"},
		map[string]any{"minimum-difficulty.value": 64, "info.hw-id": "abc"})
	want := `{"version-rolling":true,"version-rolling.mask":"1fffe000","minimum-difficulty":true,"subscribe-extranonce":true,"info":false}`
	if string(m.Result) != want {
		t.Fatalf("configure\n got %s\nwant %s", m.Result, want)
	}
	if m := w.call("mining.configure", []string{"version-rolling"}, map[string]any{"version-rolling.mask": "not hex"}); string(m.Result) != `{"version-rolling":false}` {
		t.Fatalf("bad mask: %s", m.Result)
	}
	if m := w.call("mining.configure", "version-rolling"); m.code() != CodeOther {
		t.Fatalf("extensions not a list: %+v", m)
	}
	w.handshake("acct.rig1")
	if n := w.note(); n.Method != "mining.set_difficulty" || n.Params[0] != 64.0 {
		t.Fatalf("minimum difficulty not applied: %+v", n)
	}
	// Below the miner's floor a suggestion is lifted to it.
	w.call("mining.suggest_difficulty", 2)
	for _, n := range w.notes {
		if n.Method == "mining.set_difficulty" && n.Params[0] != 64.0 {
			t.Fatalf("difficulty %v under the miner's minimum of 64", n.Params[0])
		}
	}
}

// An idle miner costs the server one goroutine, its reader: a writer runs only while
// there is something to send (it was two per connection, the writer always waiting).
// Lines still arrive in order across the writers that come and go.
func TestIdleConnectionsHoldOneGoroutine(t *testing.T) {
	// What runs already (the runner, the parallel tests waiting for their turn, leftovers
	// of tests before) is no part of the count: it grew with every parallel test added.
	runtime.GC()
	base := runtime.NumGoroutine()
	srv := startServer(t, Config{}, nil)
	srv.Broadcast(testJob("j0", true, nowNTime()))
	const n = 40
	wires := make([]*wire, n)
	for i := range wires {
		wires[i] = dialWire(t, srv.addr)
		wires[i].handshake(fmt.Sprintf("acct.idle%d", i))
	}
	// Every connection has its difficulty and job: nothing is left to write.
	for _, w := range wires {
		for len(w.notes) < 2 {
			w.notes = append(w.notes, w.read())
		}
		w.notes = nil
	}
	// The server's own goroutines (its accept loop) are a handful; two per connection
	// would be 40 more than one.
	const most = n + 10
	settled := func(when string) {
		t.Helper()
		eventually(t, 5*time.Second, fmt.Sprintf("at most %d goroutines for %d idle connections %s", most, n, when), func() bool {
			runtime.GC()
			return runtime.NumGoroutine()-base <= most
		})
	}
	settled("after their handshakes")
	for i := 1; i <= 5; i++ {
		srv.Broadcast(testJob(fmt.Sprint("j", i), false, nowNTime()))
	}
	for _, w := range wires {
		for i := 1; i <= 5; i++ {
			m := w.note()
			for m.Method != "mining.notify" {
				m = w.note()
			}
			if got := m.Params[0]; got != fmt.Sprint("j", i) {
				t.Fatalf("notify %d carried job %v: lines out of order", i, got)
			}
		}
	}
	settled("after the broadcasts: writers must end")
}

// A job with a coinbase per worker reaches each connection with the coinbase of the first
// worker it authorized (a solo port pays each miner's block to the miner), on broadcast
// and when a connection becomes ready; a worker without one gets no job.
func TestPerWorkerJobs(t *testing.T) {
	ts := startServer(t, Config{}, nil)
	job := func(id string) *Job {
		j := testJob(id, true, nowNTime())
		j.PerWorker = func(s *SessionInfo) ([]byte, []byte, bool) {
			worker := s.Worker
			if worker == "nobody" {
				return nil, nil, false
			}
			return []byte("c1:" + worker), []byte("c2:" + worker), true
		}
		return j
	}
	ts.Broadcast(job("a1"))
	coinbase := func(m wireMsg) string {
		t.Helper()
		if m.Method != "mining.notify" {
			t.Fatalf("got %s, want mining.notify", m.Method)
		}
		c1, _ := hex.DecodeString(m.Params[2].(string))
		c2, _ := hex.DecodeString(m.Params[3].(string))
		return string(c1) + "|" + string(c2)
	}
	next := func(w *wire) wireMsg {
		for {
			if m := w.note(); m.Method == "mining.notify" {
				return m
			}
		}
	}
	alice, bob, nobody := dialWire(t, ts.addr), dialWire(t, ts.addr), dialWire(t, ts.addr)
	alice.handshake("addrA.rig1")
	bob.handshake("addrB")
	nobody.handshake("nobody")
	if got := coinbase(next(alice)); got != "c1:addrA.rig1|c2:addrA.rig1" {
		t.Errorf("alice's first job: %q", got)
	}
	if got := coinbase(next(bob)); got != "c1:addrB|c2:addrB" {
		t.Errorf("bob's first job: %q", got)
	}
	ts.Broadcast(job("a2"))
	if got := coinbase(next(alice)); got != "c1:addrA.rig1|c2:addrA.rig1" {
		t.Errorf("alice's broadcast job: %q", got)
	}
	if got := coinbase(next(bob)); got != "c1:addrB|c2:addrB" {
		t.Errorf("bob's broadcast job: %q", got)
	}
	// A connection gets its lines in the order they were queued: a job from the handshake or
	// the broadcast, both done, would come before the answer to this call.
	nobody.call("mining.extranonce.subscribe")
	for _, m := range nobody.notes {
		if m.Method == "mining.notify" {
			t.Fatalf("a worker without a coinbase got a job: %v", m.Params)
		}
	}
}
