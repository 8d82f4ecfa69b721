package sdnotify

import (
	"net"
	"path/filepath"
	"testing"
	"time"
)

// listen is systemd's end: a datagram socket at a path, or in the abstract namespace.
func listen(t *testing.T, name string) *net.UnixConn {
	t.Helper()
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: name, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func receive(t *testing.T, conn *net.UnixConn) string {
	t.Helper()
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 4096)
	n, err := conn.Read(buf)
	if err != nil {
		t.Fatal(err)
	}
	return string(buf[:n])
}

func TestSendReachesThePathAndTheAbstractSocket(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notify")
	conn := listen(t, path)
	if err := Send(path, Ready+"\nSTATUS=serving"); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, conn); got != "READY=1\nSTATUS=serving" {
		t.Fatalf("received %q", got)
	}
	abstract := "uniplus-sdnotify-test-" + filepath.Base(t.TempDir())
	aconn := listen(t, "\x00"+abstract)
	if err := Send("@"+abstract, Stopping); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, aconn); got != Stopping {
		t.Fatalf("received %q", got)
	}
}

func TestSendWithoutSystemd(t *testing.T) {
	if err := Send("", Ready); err != nil {
		t.Fatalf("no socket: %v", err)
	}
	if err := Send("relative/notify", Ready); err == nil {
		t.Fatal("a relative socket name was used")
	}
	if err := Send(filepath.Join(t.TempDir(), "nobody-listens"), Ready); err == nil {
		t.Fatal("no error for a socket nobody listens on")
	}
}
