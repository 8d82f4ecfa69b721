package connlimit

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"testing"
	"time"
)

func TestCounterCapsTotalAndPerAddress(t *testing.T) {
	c := NewCounter(3, 2)
	for i, want := range []Verdict{Admitted, Admitted, FullAddress} {
		if got := c.Acquire("10.0.0.1"); got != want {
			t.Fatalf("10.0.0.1 #%d: %v, want %v", i+1, got, want)
		}
	}
	if got := c.Acquire(""); got != Admitted { // an exempt peer: the total only
		t.Fatalf("exempt: %v", got)
	}
	if got := c.Acquire("10.0.0.2"); got != FullTotal {
		t.Fatalf("past the total: %v", got)
	}
	if got := c.Acquire(""); got != FullTotal {
		t.Fatalf("exempt past the total: %v", got)
	}
	c.Release("10.0.0.1")
	if got := c.Acquire("10.0.0.2"); got != Admitted || c.Len() != 3 {
		t.Fatalf("after a release: %v, %d live", got, c.Len())
	}
	c.Release("10.0.0.1")
	c.Release("10.0.0.2")
	c.Release("")
	if c.Len() != 0 || len(c.by) != 0 {
		t.Fatalf("all released: %d live, %v", c.Len(), c.by)
	}
	var none *Counter
	if none.Acquire("x") != Admitted || none.Len() != 0 {
		t.Fatal("a nil counter admits everything")
	}
	none.Release("x")
}

func TestKey(t *testing.T) {
	for host, want := range map[string]string{
		"192.0.2.7":               "192.0.2.7",
		"::ffff:192.0.2.7":        "192.0.2.7",
		"2001:db8:1:2:3:4:5:6":    "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1":    "2001:db8:1:2::/64",
		"fe80::1%eth0":            "fe80::/64",
		"not an address":          "not an address",
		"2001:db8:1:3:3:4:5:6":    "2001:db8:1:3::/64",
		"::1":                     "::/64",
		"2001:0db8:0001:0002::9":  "2001:db8:1:2::/64",
		"2001:db8:1:2:0:0:0:0001": "2001:db8:1:2::/64",
	} {
		if got := Key(host); got != want {
			t.Errorf("Key(%q) = %q, want %q", host, got, want)
		}
	}
}

// server is an http.Server on a loopback Listener under c. Requests to /block wait until
// release is closed, having said so on entered.
type server struct {
	ln      *Listener
	url     string
	addr    string
	entered chan struct{}
	release chan struct{}
}

func startServer(t *testing.T, c *Counter, exempt func(netip.Addr) bool) *server {
	t.Helper()
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &server{ln: NewListener(raw, c, exempt), addr: raw.Addr().String(), entered: make(chan struct{}, 16), release: make(chan struct{})}
	s.url = "http://" + s.addr
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/block" {
			s.entered <- struct{}{}
			<-s.release
		}
		_, _ = io.WriteString(w, "ok")
	}), ReadHeaderTimeout: time.Minute, IdleTimeout: time.Minute}
	s.ln.Track(srv)
	done := make(chan struct{})
	go func() { _ = srv.Serve(s.ln); close(done) }()
	t.Cleanup(func() {
		srv.Close()
		<-done
	})
	return s
}

// dialFrom connects from a loopback address of its own (127.0.0.0/8 is all loopback).
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// get sends a keep-alive GET on c and reads its answer; the connection stays open.
func get(c net.Conn, r *bufio.Reader, path string) (int, error) {
	c.SetDeadline(time.Now().Add(10 * time.Second)) // only keeps a regression from hanging
	if _, err := io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: test\r\n\r\n"); err != nil {
		return 0, err
	}
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

// closedByServer waits until the server hangs up c: true, or c answered something: false.
func closedByServer(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(10 * time.Second)) // only keeps a regression from hanging
	_, err := c.Read(make([]byte, 1))
	var ne net.Error
	return err != nil && !(errors.As(err, &ne) && ne.Timeout())
}

// Idle keep-alive connections fill the cap; a new client is still answered, and the
// connection that had waited longest is the one closed for it.
func TestIdleKeepAliveConnectionsDoNotStarve(t *testing.T) {
	s := startServer(t, NewCounter(3, 0), nil)
	var conns []net.Conn
	for i := range 3 {
		c := dialFrom(t, "127.0.0.2", s.addr)
		if code, err := get(c, bufio.NewReader(c), "/"); err != nil || code != 200 {
			t.Fatalf("keep-alive %d: %d %v", i, code, err)
		}
		conns = append(conns, c)
		// The client has its answer before the server calls the connection idle; the
		// order they went idle in is what is under test.
		eventually(t, "connection idle", func() bool { return s.ln.Stats().Waiting == i+1 })
	}
	c := dialFrom(t, "127.0.0.3", s.addr)
	if code, err := get(c, bufio.NewReader(c), "/"); err != nil || code != 200 {
		t.Fatalf("a new client over the cap: %d %v", code, err)
	}
	if !closedByServer(conns[0]) {
		t.Fatal("the longest idle connection is still open")
	}
	if st := s.ln.Stats(); st.Open != 3 || st.Evicted != 1 || st.Refused != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// Connections that never send a request cannot hold an address's place either: the
// address's own longest waiting one makes room, another address's stays.
func TestSilentConnectionsGiveWayPerAddress(t *testing.T) {
	s := startServer(t, NewCounter(10, 2), nil)
	other := dialFrom(t, "127.0.0.4", s.addr)
	first := dialFrom(t, "127.0.0.2", s.addr)
	dialFrom(t, "127.0.0.2", s.addr)
	c := dialFrom(t, "127.0.0.2", s.addr)
	if code, err := get(c, bufio.NewReader(c), "/"); err != nil || code != 200 {
		t.Fatalf("third from one address: %d %v", code, err)
	}
	if !closedByServer(first) {
		t.Fatal("the address's first silent connection is still open")
	}
	if code, err := get(other, bufio.NewReader(other), "/"); err != nil || code != 200 {
		t.Fatalf("the other address's connection: %d %v", code, err)
	}
}

// A connection inside a request is never closed to make room: past the cap with every
// connection busy, the new one is refused; once one finishes, there is room again.
func TestBusyConnectionsAreKeptAndTheNewOneRefused(t *testing.T) {
	s := startServer(t, NewCounter(2, 0), nil)
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range 2 {
		c := dialFrom(t, "127.0.0.2", s.addr)
		wg.Go(func() { codes[i], _ = get(c, bufio.NewReader(c), "/block") })
		<-s.entered
	}
	refused := dialFrom(t, "127.0.0.3", s.addr)
	if !closedByServer(refused) {
		t.Fatal("a connection past the cap, every place busy, answered")
	}
	close(s.release)
	wg.Wait()
	if codes[0] != 200 || codes[1] != 200 {
		t.Fatalf("the busy requests: %v", codes)
	}
	c := dialFrom(t, "127.0.0.3", s.addr)
	if code, err := get(c, bufio.NewReader(c), "/"); err != nil || code != 200 {
		t.Fatalf("after the requests finished: %d %v", code, err)
	}
	if st := s.ln.Stats(); st.Refused != 1 {
		t.Fatalf("stats %+v", st)
	}
}

// A trusted proxy's connections count toward the total, not the per-address cap: it is
// one peer carrying many clients. Anyone else is held to the cap.
func TestExemptPeersSkipThePerAddressCap(t *testing.T) {
	proxy := netip.MustParseAddr("127.0.0.2")
	s := startServer(t, NewCounter(10, 1), func(a netip.Addr) bool { return a == proxy })
	var wg sync.WaitGroup
	busy := func(from string) {
		c := dialFrom(t, from, s.addr)
		wg.Go(func() {
			if code, err := get(c, bufio.NewReader(c), "/block"); err != nil || code != 200 {
				t.Errorf("from %s: %d %v", from, code, err)
			}
		})
		<-s.entered
	}
	busy("127.0.0.3")
	if !closedByServer(dialFrom(t, "127.0.0.3", s.addr)) {
		t.Fatal("a second connection of a capped address, the first busy, answered")
	}
	for range 3 {
		busy("127.0.0.2") // all three inside a request at once
	}
	close(s.release)
	wg.Wait()
	if st := s.ln.Stats(); st.Evicted != 0 || st.Refused != 1 {
		t.Fatalf("stats %+v", st)
	}
}

// eventually polls cond until it holds; the deadline only keeps a regression from hanging.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// Closing the listener (http.Server.Shutdown does it first) closes the connections
// waiting for a request, which nothing would serve; one inside a request finishes.
// Before, Shutdown waited 5 s for each connection that had sent nothing.
func TestCloseEndsWaitingConnections(t *testing.T) {
	s := startServer(t, NewCounter(10, 0), nil)
	silent := dialFrom(t, "127.0.0.2", s.addr)
	busy := dialFrom(t, "127.0.0.3", s.addr)
	code := make(chan int, 1)
	go func() {
		c, _ := get(busy, bufio.NewReader(busy), "/block")
		code <- c
	}()
	<-s.entered
	eventually(t, "the silent connection accepted", func() bool { return s.ln.Stats().Open == 2 })
	s.ln.Close()
	if !closedByServer(silent) {
		t.Fatal("a waiting connection answered after Close")
	}
	close(s.release)
	if c := <-code; c != 200 {
		t.Fatalf("the request in progress: %d", c)
	}
}
