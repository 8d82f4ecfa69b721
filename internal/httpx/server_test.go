package httpx

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// serveWith runs NewServer(h, l) on a free loopback port until the test ends.
func serveWith(t *testing.T, l Limits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }), l, nil)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// Request headers past the cap are refused with 431, and the cap is DefaultLimits'.
func TestServerCapsRequestHeaders(t *testing.T) {
	if DefaultLimits.MaxHeaderBytes < 32<<10 || DefaultLimits.MaxHeaderBytes > 64<<10 {
		t.Fatalf("MaxHeaderBytes %d is not 32-64 KiB", DefaultLimits.MaxHeaderBytes)
	}
	addr := serveWith(t, DefaultLimits)
	for _, c := range []struct {
		size int
		want string
	}{{100 << 10, "HTTP/1.1 431 "}, {8 << 10, "HTTP/1.1 200 "}} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		// The server may answer before it has read everything: write on the side.
		go io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: "+strings.Repeat("a", c.size)+"\r\n\r\n")
		line, err := bufio.NewReader(conn).ReadString('\n')
		conn.Close()
		if err != nil || !strings.HasPrefix(line, c.want) {
			t.Errorf("%d bytes of headers: %q %v, want %q", c.size, line, err, c.want)
		}
	}
}

// A client that sends half a request line and stalls is disconnected once the header
// timeout passes: the server ends the connection (Go answers 400 first, or nothing).
func TestServerDropsStalledRequests(t *testing.T) {
	l := DefaultLimits
	l.ReadHeaderTimeout = 50 * time.Millisecond
	l.ReadTimeout = time.Minute // only the header timeout may end it
	addr := serveWith(t, l)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "GET /slow HT"); err != nil {
		t.Fatal(err)
	}
	// A guard, not a measurement: the server closes a hundred times sooner; if it never
	// does, the read fails with the deadline instead of hanging the test.
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	answer, err := io.ReadAll(conn)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("the server kept a stalled connection open (read %q)", answer)
	}
	if len(answer) > 0 && !strings.HasPrefix(string(answer), "HTTP/1.1 400 ") {
		t.Fatalf("answer to a stalled request: %q", answer)
	}
}

// DefaultLimits keep reads short and the idle connection bounded, and leave writes long
// enough for the app's largest file over a slow link.
func TestDefaultLimitsAreSet(t *testing.T) {
	l := DefaultLimits
	srv := NewServer(http.NotFoundHandler(), l, nil)
	if srv.ReadHeaderTimeout != l.ReadHeaderTimeout || srv.ReadTimeout != l.ReadTimeout || srv.WriteTimeout != l.WriteTimeout ||
		srv.IdleTimeout != l.IdleTimeout || srv.MaxHeaderBytes != l.MaxHeaderBytes {
		t.Fatalf("server %+v does not carry %+v", srv, l)
	}
	for name, d := range map[string]time.Duration{"ReadHeaderTimeout": l.ReadHeaderTimeout, "ReadTimeout": l.ReadTimeout,
		"WriteTimeout": l.WriteTimeout, "IdleTimeout": l.IdleTimeout} {
		if d <= 0 {
			t.Errorf("%s is not set", name)
		}
	}
	if l.ReadHeaderTimeout > l.ReadTimeout || l.WriteTimeout < time.Minute {
		t.Errorf("limits out of order: %+v", l)
	}
}
