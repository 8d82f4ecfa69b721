package stratum

import (
	"net"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/connlimit"
)

// Servers sharing a connlimit.Counter cap one address across all of their ports
// together: three in all, whichever server and port they reach. Before, each server
// counted its own, so one address held the cap on every server (five coins' ports:
// 10,240 descriptors under a cap of 2,048).
func TestSharedCountCapsAnAddressAcrossServersAndPorts(t *testing.T) {
	t.Parallel()
	shared := connlimit.NewCounter(0, 3)
	pool := startServer(t, Config{Connections: shared}, nil)
	solo := startServer(t, Config{Connections: shared}, nil)
	pool2 := listenToo(t, pool.Server) // a second port of the pool's coin

	dialFrom(t, "127.0.0.2", pool.addr).handshake("acct.a1")
	dialFrom(t, "127.0.0.2", pool2).handshake("acct.a2")
	a3 := dialFrom(t, "127.0.0.2", solo.addr)
	a3.handshake("acct.a3")
	for _, addr := range []string{pool.addr, pool2, solo.addr} {
		dialFrom(t, "127.0.0.2", addr).expectClosed(3 * time.Second)
	}
	if p, s := pool.Stats(), solo.Stats(); p.Refused != 2 || s.Refused != 1 || p.Connections != 2 || s.Connections != 1 {
		t.Fatalf("pool %+v, solo %+v", p, s)
	}
	// Another address has its own three.
	dialFrom(t, "127.0.0.3", solo.addr).handshake("acct.b1")
	// A place freed on one server is a place on the other.
	a3.c.Close()
	eventually(t, 3*time.Second, "the closed connection to be gone", func() bool { return solo.Stats().Connections == 1 })
	dialFrom(t, "127.0.0.2", pool.addr).handshake("acct.a4")
	if n := shared.Len(); n != 4 {
		t.Fatalf("shared count %d, want 4", n)
	}
}

// The shared count's total caps the servers together too, and a connection a server's
// own cap refuses takes no place in it.
func TestSharedCountCapsTheTotal(t *testing.T) {
	t.Parallel()
	shared := connlimit.NewCounter(4, 0)
	a := startServer(t, Config{Connections: shared}, nil)
	b := startServer(t, Config{Connections: shared}, nil)
	c := startServer(t, Config{Connections: shared, MaxPerListener: 1}, nil)
	dialFrom(t, "127.0.0.2", a.addr).handshake("acct.a")
	dialFrom(t, "127.0.0.3", b.addr).handshake("acct.b")
	dialFrom(t, "127.0.0.4", c.addr).handshake("acct.c")
	dialFrom(t, "127.0.0.5", c.addr).expectClosed(3 * time.Second) // c's port is full
	if n := shared.Len(); n != 3 {
		t.Fatalf("shared count %d, want 3", n)
	}
	dialFrom(t, "127.0.0.5", a.addr).handshake("acct.d")
	dialFrom(t, "127.0.0.6", b.addr).expectClosed(3 * time.Second) // four in all
	if st := b.Stats(); st.Refused != 1 || st.Connections != 1 {
		t.Fatalf("b %+v", st)
	}
}

func TestSharedCountWantsNoServerPerAddressCap(t *testing.T) {
	_, err := NewServer(Config{Connections: connlimit.NewCounter(0, 5), MaxPerAddress: 5}, &fakeHandler{})
	if err == nil || !strings.Contains(err.Error(), "MaxPerAddress") {
		t.Fatalf("err %v, want one naming MaxPerAddress", err)
	}
}

// listenToo serves srv on another loopback port too and answers its address.
func listenToo(t *testing.T, srv *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	return ln.Addr().String()
}

// CloseWorkers closes, over TCP, every connection that authorized a matching worker (a
// farm proxy's too, whose other worker does not match), and no other: the miner reads the
// end of its connection; the others still mine.
func TestCloseWorkers(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{}, nil)
	srv.Broadcast(testJob("j1", true, nowNTime()))
	gone := dialWire(t, srv.addr)
	gone.handshake("gone.rig1")
	stays := dialWire(t, srv.addr)
	stays.handshake("stays.rig1")
	proxy := dialWire(t, srv.addr)
	proxy.handshake("stays.rig2")
	if m := proxy.call("mining.authorize", "GONE.rig3", "x"); string(m.Result) != "true" {
		t.Fatalf("second worker: %s %v", m.Result, m.Error)
	}
	fresh := dialWire(t, srv.addr) // not authorized yet
	fresh.call("mining.subscribe", "test/1")

	var asked []string
	match := func(w string) bool {
		asked = append(asked, w)
		return strings.HasPrefix(strings.ToLower(w), "gone.")
	}
	if n := srv.CloseWorkers(match); n != 2 {
		t.Fatalf("closed %d, want 2 (asked about %v)", n, asked)
	}
	gone.expectClosed(3 * time.Second)
	proxy.expectClosed(3 * time.Second)
	eventually(t, 3*time.Second, "the closed connections to be gone", func() bool { return srv.Stats().Connections == 2 })
	// A connection authorized after a pass is closed by the next one.
	fresh.handshake("gone.rig4")
	if n := srv.CloseWorkers(match); n != 1 {
		t.Fatalf("second pass closed %d, want 1", n)
	}
	fresh.expectClosed(3 * time.Second)
	if n := srv.CloseWorkers(match); n != 0 {
		t.Fatalf("third pass closed %d, want 0", n)
	}
	// The other account's miner still gets work.
	srv.Broadcast(testJob("j2", true, nowNTime()))
	for {
		if m := stays.note(); m.Method == "mining.notify" && m.Params[0] == "j2" {
			break
		}
	}
	// The client sees its socket closed before the server has dropped the
	// session from its tables, so the counts settle a moment later.
	eventually(t, 3*time.Second, "one connection and one authorized worker left", func() bool {
		st := srv.Stats()
		return st.Connections == 1 && st.Authorized == 1
	})
}
