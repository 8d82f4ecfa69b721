package proxyproto

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"
)

func v2(cmd, fam byte, body []byte) []byte {
	b := append([]byte{}, v2Signature...)
	b = append(b, 0x20|cmd, fam, 0, 0)
	binary.BigEndian.PutUint16(b[14:16], uint16(len(body)))
	return append(b, body...)
}

func v2IPv4(src, dst [4]byte, sport, dport uint16, tlvs []byte) []byte {
	body := append(append(src[:], dst[:]...), 0, 0, 0, 0)
	binary.BigEndian.PutUint16(body[8:], sport)
	binary.BigEndian.PutUint16(body[10:], dport)
	return v2(1, 0x11, append(body, tlvs...))
}

func TestParse(t *testing.T) {
	six := netip.MustParseAddr("2001:db8::5").As16()
	v6body := append(append(six[:], make([]byte, 16)...), 0x0f, 0xa0, 0x0d, 0x05)
	for _, c := range []struct {
		name   string
		in     string
		source string // "" for none
		len    int
		err    string
	}{
		{"v1 TCP4", "PROXY TCP4 203.0.113.9 10.0.0.2 51234 3333\r\n{\"id\":1}", "203.0.113.9:51234", 44, ""},
		{"v1 TCP6", "PROXY TCP6 2001:db8::5 2001:db8::1 4000 3333\r\n", "[2001:db8::5]:4000", 46, ""},
		{"v1 UNKNOWN", "PROXY UNKNOWN\r\n", "", 15, ""},
		{"v1 UNKNOWN with addresses", "PROXY UNKNOWN ffff::1 ffff::2 1 2\r\n", "", 35, ""},
		{"v1 family mismatch", "PROXY TCP4 2001:db8::5 10.0.0.2 1 2\r\n", "", 0, "not TCP4"},
		{"v1 port too big", "PROXY TCP4 1.2.3.4 10.0.0.2 65536 2\r\n", "", 0, "port"},
		{"v1 port leading zero", "PROXY TCP4 1.2.3.4 10.0.0.2 0080 2\r\n", "", 0, "port"},
		{"v1 two spaces", "PROXY TCP4  1.2.3.4 10.0.0.2 1 2\r\n", "", 0, "v1 header"},
		{"v1 no CRLF within 107 bytes", "PROXY TCP4 " + strings.Repeat("1", 100), "", 0, "longer than 107"},
		{"v1 LF only", "PROXY TCP4 1.2.3.4 10.0.0.2 1 2\n{}" + strings.Repeat(" ", 100), "", 0, "longer than 107"},
		{"not a header", "{\"id\":1,\"method\":\"mining.subscribe\"}\n", "", 0, "no PROXY header"},
		{"v2 TCP4 with a TLV", string(v2IPv4([4]byte{198, 51, 100, 7}, [4]byte{10, 0, 0, 2}, 40000, 3333, []byte{0x04, 0, 1, 0})) + "{}", "198.51.100.7:40000", 16 + 16, ""},
		{"v2 TCP6", string(v2(1, 0x21, v6body)), "[2001:db8::5]:4000", 16 + 36, ""},
		{"v2 LOCAL", string(v2(0, 0x00, nil)), "", 16, ""},
		{"v2 UDP", string(v2(1, 0x12, make([]byte, 12))), "", 28, ""},
		{"v2 short IPv4 body", string(v2(1, 0x11, make([]byte, 8))), "", 0, "IPv4 addresses in 8 bytes"},
		{"v2 version 1", string(append(append([]byte{}, v2Signature...), 0x11, 0x11, 0, 0)), "", 0, "version 1"},
		{"v2 command 2", string(append(append([]byte{}, v2Signature...), 0x22, 0x11, 0, 0)), "", 0, "command 2"},
		{"v2 too long", string(append(append([]byte{}, v2Signature...), 0x21, 0x11, 0xff, 0xff)), "", 0, "header of"},
	} {
		h, err := Parse([]byte(c.in))
		if c.err != "" {
			if err == nil || errors.Is(err, ErrIncomplete) || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: %+v %v, want an error saying %q", c.name, h, err, c.err)
			}
			continue
		}
		if err != nil || h.Len != c.len || (c.source == "") == h.Source.IsValid() || (c.source != "" && h.Source.String() != c.source) {
			t.Errorf("%s: %+v %v, want %s in %d bytes", c.name, h, err, c.source, c.len)
			continue
		}
		// Every shorter start of a good header asks for more.
		for i := range h.Len {
			if _, err := Parse([]byte(c.in)[:i]); !errors.Is(err, ErrIncomplete) {
				t.Errorf("%s: the first %d bytes: %v, want ErrIncomplete", c.name, i, err)
				break
			}
		}
	}
}

// A balancer's connection gets its client's address and keeps the bytes that came with
// the header; another peer's connection passes untouched; a balancer's connection
// without a header is closed, and a slow one holds up nobody.
func TestListener(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := NewListener(inner, []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}, nil)
	defer ln.Close()
	dial := func(first string) net.Conn {
		t.Helper()
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		if first != "" {
			if _, err := io.WriteString(c, first); err != nil {
				t.Fatal(err)
			}
		}
		return c
	}
	accept := func() net.Conn {
		t.Helper()
		type res struct {
			c   net.Conn
			err error
		}
		ch := make(chan res, 1)
		go func() { c, err := ln.Accept(); ch <- res{c, err} }()
		select {
		case r := <-ch:
			if r.err != nil {
				t.Fatal(r.err)
			}
			t.Cleanup(func() { r.c.Close() })
			return r.c
		case <-time.After(10 * time.Second):
			t.Fatal("no connection accepted")
			return nil
		}
	}
	// A slow balancer connection first: it must not hold up the next one.
	slow := dial("PROXY TCP4 192.0.2.1 10.0.0.2 1 2")
	dial("PROXY TCP4 203.0.113.9 10.0.0.2 51234 3333\r\n{\"id\":1}\n")
	c := accept()
	if got := c.RemoteAddr().String(); got != "203.0.113.9:51234" {
		t.Fatalf("remote %s", got)
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || line != "{\"id\":1}\n" {
		t.Fatalf("first line %q %v", line, err)
	}
	if _, err := io.WriteString(slow, "\r\n"); err != nil {
		t.Fatal(err)
	}
	if got := accept().RemoteAddr().String(); got != "192.0.2.1:1" {
		t.Fatalf("slow header's remote %s", got)
	}
	// No header from a balancer: closed, never accepted.
	bare := dial("{\"id\":1,\"method\":\"mining.subscribe\",\"params\":[]}\n")
	_ = bare.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := bare.Read(make([]byte, 1)); err == nil {
		t.Fatal("a balancer connection without a header was kept")
	}
	// LOCAL (a health check): the balancer's own address.
	dial(string(v2(0, 0, nil)))
	if got := accept().RemoteAddr().(*net.TCPAddr); !got.IP.IsLoopback() {
		t.Fatalf("LOCAL connection's remote %s", got)
	}

	// A peer that is not a balancer passes as it is, header and all.
	other := NewListener(mustListen(t), []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}, nil)
	defer other.Close()
	oc, err := net.Dial("tcp", other.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer oc.Close()
	_, _ = io.WriteString(oc, "PROXY TCP4 203.0.113.9 10.0.0.2 1 2\r\n")
	got, err := other.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	if !got.RemoteAddr().(*net.TCPAddr).IP.IsLoopback() {
		t.Fatalf("an untrusted peer's header was believed: %s", got.RemoteAddr())
	}
	if line, _ := bufio.NewReader(got).ReadString('\n'); !strings.HasPrefix(line, "PROXY TCP4") {
		t.Fatalf("an untrusted peer's bytes changed: %q", line)
	}
	// Close ends a waiting Accept.
	done := make(chan error, 1)
	go func() { _, err := other.Accept(); done <- err }()
	other.Close()
	select {
	case err := <-done:
		if !errors.Is(err, net.ErrClosed) {
			t.Fatalf("Accept after Close: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Accept did not end with Close")
	}
}

func mustListen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// Whatever the bytes, Parse neither panics nor claims more than it was given, and a
// header it reads reads the same from its own bytes.
func FuzzParse(f *testing.F) {
	f.Add([]byte("PROXY TCP4 203.0.113.9 10.0.0.2 51234 3333\r\n"))
	f.Add([]byte("PROXY TCP6 2001:db8::5 2001:db8::1 4000 3333\r\n"))
	f.Add([]byte("PROXY UNKNOWN\r\n"))
	f.Add(v2IPv4([4]byte{1, 2, 3, 4}, [4]byte{5, 6, 7, 8}, 1, 2, []byte{1, 0, 0}))
	f.Add(v2(0, 0, nil))
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := Parse(b)
		if err != nil {
			return
		}
		if h.Len <= 0 || h.Len > len(b) || h.Len > MaxHeader {
			t.Fatalf("header of %d bytes in %d", h.Len, len(b))
		}
		again, err := Parse(b[:h.Len])
		if err != nil || again != h {
			t.Fatalf("its own bytes read %+v %v, want %+v", again, err, h)
		}
	})
}
