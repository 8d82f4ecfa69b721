// Package connlimit caps the connections a process holds, in total and per client
// address, so that no listener can take the file descriptors the others, the database
// and the chain nodes need (issue 29: 700 idle HTTP connections after two stratum floods
// left both listeners failing with "accept4: too many open files").
//
// A Counter is the count; several listeners share one to be capped together (every
// stratum port of every coin of a process). A Listener puts a net.Listener under a
// Counter for an http.Server, and makes room for a new connection by closing the one that
// has waited longest without a request in progress, so idle keep-alive connections (and
// connections that never send a request) cannot starve the API.
package connlimit

import (
	"net"
	"net/netip"
	"sync"
)

// Verdict is what Acquire decided.
type Verdict int

const (
	// Admitted: the connection counts now; Release it when it ends.
	Admitted Verdict = iota
	// FullTotal: the Counter holds its maximum.
	FullTotal
	// FullAddress: the connection's address holds its maximum.
	FullAddress
)

// Counter counts live connections in total and by client address, and refuses one past
// either cap. A nil *Counter admits everything.
type Counter struct {
	max, perAddress int // 0: no cap

	mu sync.Mutex
	n  int
	by map[string]int // live connections by Key; keys that reach 0 are forgotten
}

// NewCounter counts connections up to max in total and perAddress per address; 0 is no cap.
func NewCounter(max, perAddress int) *Counter {
	return &Counter{max: max, perAddress: perAddress, by: make(map[string]int)}
}

// Acquire counts a connection from the address key (Key), or refuses it. An empty key
// counts toward the total only: a peer not held to the per-address cap (a trusted proxy,
// which carries many clients).
func (c *Counter) Acquire(key string) Verdict {
	if c == nil {
		return Admitted
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.max > 0 && c.n >= c.max {
		return FullTotal
	}
	if key != "" && c.perAddress > 0 && c.by[key] >= c.perAddress {
		return FullAddress
	}
	c.n++
	if key != "" {
		c.by[key]++
	}
	return Admitted
}

// Release gives back a place Acquire admitted, under the same key.
func (c *Counter) Release(key string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n--
	if key == "" {
		return
	}
	if c.by[key] <= 1 {
		delete(c.by, key)
		return
	}
	c.by[key]--
}

// Len is the live connections counted.
func (c *Counter) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// Max is the total cap (0: none).
func (c *Counter) Max() int {
	if c == nil {
		return 0
	}
	return c.max
}

// PerAddress is the per-address cap (0: none).
func (c *Counter) PerAddress() int {
	if c == nil {
		return 0
	}
	return c.perAddress
}

// Key is the address a connection from host (an IP address, as net.SplitHostPort gives
// it) counts under: an IPv4 address, or the /64 of an IPv6 one, since a subscriber is
// usually given a whole /64 and would otherwise have 2^64 addresses to spread a flood
// over. An IPv4 address seen on an IPv6 socket counts as the IPv4 one. Anything that does
// not parse as an address counts as itself.
func Key(host string) string {
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// PeerAddr is the IP address of a connection's remote end, if it has one.
func PeerAddr(c net.Conn) (netip.Addr, bool) {
	if ta, ok := c.RemoteAddr().(*net.TCPAddr); ok {
		a, ok := netip.AddrFromSlice(ta.IP)
		return a.Unmap(), ok
	}
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return netip.Addr{}, false
	}
	return ap.Addr().Unmap(), true
}
