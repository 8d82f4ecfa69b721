// Package proxyproto reads the PROXY protocol header (HAProxy's, versions 1 and 2) that a
// TCP load balancer puts before a connection's own bytes, so that a stratum port behind
// one sees each miner's address rather than the balancer's: per-address caps, bans and
// the devices' addresses would otherwise all fall on the balancer.
package proxyproto

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
	"strconv"
)

// ErrIncomplete says the bytes given end before the header does: read more.
var ErrIncomplete = errors.New("proxyproto: header incomplete")

// MaxHeader bounds what Parse waits for: version 1 headers are at most 107 bytes;
// version 2 ones carry the addresses and optional TLVs, which a balancer keeps short.
const MaxHeader = 1024

// v2Signature starts every version 2 header.
var v2Signature = []byte("\r\n\r\n\x00\r\nQUIT\n")

// Header is what a PROXY header says.
type Header struct {
	// Source is the client's address and port; invalid when the header names none (v1
	// UNKNOWN, v2 LOCAL or a family other than TCP over IPv4 or IPv6): the connection
	// is the balancer's own (a health check), and keeps the peer's address.
	Source netip.AddrPort
	// Len is the header's length in bytes: the connection's own bytes start after it.
	Len int
}

// Parse reads the header at the start of b. ErrIncomplete asks for more bytes; any
// other error means b does not start with a well-formed header, and the connection is
// to be closed.
func Parse(b []byte) (Header, error) {
	switch {
	case len(b) >= len(v2Signature) && bytes.Equal(b[:len(v2Signature)], v2Signature):
		return parseV2(b)
	case len(b) < len(v2Signature) && bytes.HasPrefix(v2Signature, b):
		return Header{}, ErrIncomplete
	case bytes.HasPrefix(b, []byte("PROXY ")):
		return parseV1(b)
	case len(b) < len("PROXY ") && bytes.HasPrefix([]byte("PROXY "), b):
		return Header{}, ErrIncomplete
	}
	return Header{}, errors.New("proxyproto: no PROXY header")
}

// parseV1 reads "PROXY TCP4|TCP6 src dst sport dport\r\n" or "PROXY UNKNOWN ...\r\n".
func parseV1(b []byte) (Header, error) {
	const maxV1 = 107
	end := bytes.Index(b, []byte("\r\n"))
	if end < 0 {
		if len(b) >= maxV1 {
			return Header{}, errors.New("proxyproto: v1 header longer than 107 bytes")
		}
		return Header{}, ErrIncomplete
	}
	if end+2 > maxV1 {
		return Header{}, errors.New("proxyproto: v1 header longer than 107 bytes")
	}
	h := Header{Len: end + 2}
	fields := bytes.Split(b[len("PROXY "):end], []byte(" "))
	if string(fields[0]) == "UNKNOWN" {
		return h, nil
	}
	if len(fields) != 5 || (string(fields[0]) != "TCP4" && string(fields[0]) != "TCP6") {
		return Header{}, fmt.Errorf("proxyproto: v1 header %q", b[:end])
	}
	src, err := netip.ParseAddr(string(fields[1]))
	if err != nil {
		return Header{}, fmt.Errorf("proxyproto: v1 source: %w", err)
	}
	dst, err := netip.ParseAddr(string(fields[2]))
	if err != nil {
		return Header{}, fmt.Errorf("proxyproto: v1 destination: %w", err)
	}
	if v4 := string(fields[0]) == "TCP4"; src.Is4() != v4 || dst.Is4() != v4 || src.Zone() != "" {
		return Header{}, fmt.Errorf("proxyproto: v1 addresses %s %s are not %s", src, dst, fields[0])
	}
	sport, err := port(fields[3])
	if err != nil {
		return Header{}, err
	}
	if _, err := port(fields[4]); err != nil {
		return Header{}, err
	}
	h.Source = netip.AddrPortFrom(src, sport)
	return h, nil
}

// port is a v1 port: decimal, 0 to 65535, no sign or leading zero.
func port(b []byte) (uint16, error) {
	if len(b) == 0 || len(b) > 5 || (len(b) > 1 && b[0] == '0') || b[0] < '0' || b[0] > '9' {
		return 0, fmt.Errorf("proxyproto: v1 port %q", b)
	}
	n, err := strconv.ParseUint(string(b), 10, 16)
	if err != nil {
		return 0, fmt.Errorf("proxyproto: v1 port %q", b)
	}
	return uint16(n), nil
}

// parseV2 reads the binary header: signature, version and command, family and
// protocol, length, then the addresses and TLVs (skipped).
func parseV2(b []byte) (Header, error) {
	const fixed = 16
	if len(b) < fixed {
		return Header{}, ErrIncomplete
	}
	verCmd, fam := b[12], b[13]
	if verCmd>>4 != 2 {
		return Header{}, fmt.Errorf("proxyproto: v2 version %d", verCmd>>4)
	}
	cmd := verCmd & 0x0f
	if cmd > 1 {
		return Header{}, fmt.Errorf("proxyproto: v2 command %d", cmd)
	}
	n := int(binary.BigEndian.Uint16(b[14:16]))
	if fixed+n > MaxHeader {
		return Header{}, fmt.Errorf("proxyproto: v2 header of %d bytes", fixed+n)
	}
	if len(b) < fixed+n {
		return Header{}, ErrIncomplete
	}
	h := Header{Len: fixed + n}
	if cmd == 0 { // LOCAL: the balancer's own connection
		return h, nil
	}
	body := b[fixed : fixed+n]
	switch fam {
	case 0x11: // TCP over IPv4
		if n < 12 {
			return Header{}, fmt.Errorf("proxyproto: v2 IPv4 addresses in %d bytes", n)
		}
		h.Source = netip.AddrPortFrom(netip.AddrFrom4([4]byte(body[0:4])), binary.BigEndian.Uint16(body[8:10]))
	case 0x21: // TCP over IPv6
		if n < 36 {
			return Header{}, fmt.Errorf("proxyproto: v2 IPv6 addresses in %d bytes", n)
		}
		h.Source = netip.AddrPortFrom(netip.AddrFrom16([16]byte(body[0:16])).Unmap(), binary.BigEndian.Uint16(body[32:34]))
	}
	// Other families (unspecified, UDP, unix sockets) name no TCP client: the peer's
	// address stays.
	return h, nil
}
